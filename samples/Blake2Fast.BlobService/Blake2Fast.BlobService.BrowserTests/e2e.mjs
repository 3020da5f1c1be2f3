// The blob service's page (Blake2Fast.BlobService.BlazorClient) in Debian's headless Chromium,
// against the real server started by this project's host (test hooks under /e2e/).
// Usage: node e2e.mjs HOST_DLL WWWROOT WORK_DIR [SCREENSHOT.png]
// Checks: (a) the page's BLAKE3 of a 100 MiB file equals b3sum's, with the page repainting while it
// hashes; (b) an upload (24 MiB) reloaded mid-way resumes from the server's offset; (c) an upload
// (12 MiB) whose connection is dropped resumes by itself; (d) a verified download equals the
// original bytes; (e) a tampered download is refused and nothing is saved. (The page uploads at a
// few MiB/s in Chromium here, the reason for the smaller uploads.) Prints each result and the counts;
// exits non-zero on any failure or if nothing passed.
import { spawn, execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdirSync, openSync, writeSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { launch } from '../../../tests/Blake2Fast.Browser/page.mjs';

const [hostDll, wwwroot, workArg, screenshot] = process.argv.slice(2);
if (!hostDll || !wwwroot || !workArg) {
  console.error('usage: node e2e.mjs HOST_DLL WWWROOT WORK_DIR [SCREENSHOT.png]');
  process.exit(2);
}

const MiB = 1024 * 1024;
const stepTimeout = 180_000;
const work = resolve(workArg);
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'store'), { recursive: true });

/** Writes length random bytes to a new file under work. */
function randomFile(name, length) {
  const path = join(work, name);
  const fd = openSync(path, 'w');
  const buffer = Buffer.alloc(4 * MiB);
  for (let left = length; left > 0; left -= buffer.length) {
    randomFillSync(buffer);
    writeSync(fd, buffer, 0, Math.min(left, buffer.length));
  }
  closeSync(fd);
  return path;
}

/** b3sum's hash of path (the oracle), or null if b3sum is not installed. */
function b3sum(path) {
  try {
    return execFileSync('b3sum', ['--no-names', path], { encoding: 'utf8' }).trim();
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

const big = { path: randomFile('big.bin', 100 * MiB), length: 100 * MiB };
const mid = { path: randomFile('mid.bin', 24 * MiB + 123), length: 24 * MiB + 123 };
const small = { path: randomFile('small.bin', 12 * MiB + 7), length: 12 * MiB + 7 };
for (const file of [big, mid, small]) file.hash = b3sum(file.path);
if (big.hash === null) console.log('b3sum is not installed: the hashes are not checked against it (apt-get install b3sum)');

// The host prints "listening: URL" once the server is up.
const host = spawn('dotnet', [hostDll, `--BlobService:Directory=${join(work, 'store')}`, `--BlobService:ClientDirectory=${wwwroot}`],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolveUrl, reject) => {
  host.once('exit', (code) => reject(new Error(`the host exited (${code}) before it listened`)));
  createInterface({ input: host.stdout }).on('line', (line) => {
    const match = /^listening: (\S+)$/.exec(line);
    if (match) resolveUrl(match[1]);
    else console.log(`host: ${line}`);
  });
});

const browser = await launch();
const context = await browser.newContext({ acceptDownloads: true });
const page = await context.newPage();
const pageErrors = [];
page.on('pageerror', (error) => pageErrors.push(error.message));
page.on('console', (message) => {
  // The network log's lines for statuses the client handles (409 with the server's offset) are not the page's errors.
  if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of')) {
    pageErrors.push(message.text());
  }
});
let downloads = 0;
page.on('download', () => downloads++);

let passed = 0, failed = 0, skipped = 0;
async function check(name, body) {
  const start = Date.now();
  try {
    const result = await body();
    if (result === 'skip') {
      skipped++;
      return;
    }
    passed++;
    console.log(`ok     ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.log(`FAILED ${name}: ${error.message}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function state(selector) {
  return page.getAttribute(selector, 'data-state');
}

async function e2eState() {
  return (await fetch(`${url}e2e/state`)).json();
}

/** Picks file in the page and waits for its hash; returns the page's hash. */
async function pickAndHash(file, { watchRepaint = false } = {}) {
  const picks = Number(await page.getAttribute('#hash', 'data-picks'));
  await page.setInputFiles('#file', file.path);
  if (watchRepaint) {
    // A frame painted while hashing: the progress bar between its ends (a page frozen by the hash never shows one).
    await page.waitForFunction(() => {
      const bar = document.querySelector('#hash-progress');
      return bar.value > 0 && bar.value < bar.max;
    }, null, { timeout: stepTimeout, polling: 'raf' });
  }
  await page.waitForFunction((before) => {
    const hash = document.querySelector('#hash');
    return Number(hash.dataset.picks) > before && hash.textContent.trim().length === 64;
  }, picks, { timeout: stepTimeout });
  return (await page.textContent('#hash')).trim();
}

async function uploadOutcome() {
  await page.waitForFunction(() => ['done', 'failed'].includes(document.querySelector('#upload-status')?.dataset.state), null, { timeout: stepTimeout });
  return {
    state: await state('#upload-status'),
    text: (await page.textContent('#upload-status')).trim(),
    blob: await page.getAttribute('#upload-status', 'data-blob'),
    resumedFrom: await page.getAttribute('#upload-status', 'data-resumed-from'),
  };
}

try {
  console.log(`chromium ${browser.version()}, ${url}`);
  await page.goto(url);
  await page.waitForSelector('#file', { timeout: stepTimeout });

  let pageHash;
  let midBlob;
  await check('(a) the page hashes a 100 MiB file as b3sum does, repainting as it goes', async () => {
    const start = Date.now();
    pageHash = await pickAndHash(big, { watchRepaint: true });
    const seconds = (Date.now() - start) / 1000;
    console.log(`       page: ${pageHash} in ${seconds.toFixed(1)} s (${(100 / seconds).toFixed(0)} MiB/s)`);
    if (big.hash === null) {
      console.log('SKIPPED (a): b3sum is not installed');
      return 'skip';
    }
    console.log(`       b3sum: ${big.hash}`);
    expect(pageHash === big.hash, 'the page\'s hash differs from b3sum\'s');
  });

  await check('(b) an upload reloaded mid-way resumes from the server\'s offset', async () => {
    // The part from 8 MiB is held unread at the server until the reload ends it: the upload stands at 8 MiB.
    const held = (await e2eState()).held;
    expect((await fetch(`${url}e2e/hold?at=${8 * MiB}`, { method: 'POST' })).status === 204, 'could not arm the hold');
    const hash = await pickAndHash(mid);
    await page.click('#upload');
    await page.waitForFunction((least) => document.querySelector('#upload-progress').value >= least, 8 * MiB, { timeout: stepTimeout, polling: 50 });
    for (const until = Date.now() + stepTimeout; (await e2eState()).held === held; await page.waitForTimeout(50)) {
      expect(Date.now() < until, 'the part from 8 MiB never came');
    }
    await page.reload();
    await page.waitForSelector('#pending', { timeout: stepTimeout });
    const id = await page.evaluate(() => localStorage.getItem('blake2fast-blob-upload').split('|')[0]);
    const head = await fetch(`${url}uploads/${id}`, { method: 'HEAD' });
    const stored = Number(head.headers.get('upload-offset'));
    expect((await fetch(`${url}e2e/release`, { method: 'POST' })).status === 204, 'could not release the held part');
    console.log(`       reloaded with ${stored} of ${mid.length} bytes stored`);
    expect(stored === 8 * MiB, `the server held ${stored} bytes at the reload, not ${8 * MiB}`);
    expect(await pickAndHash(mid) === hash, 'the page hashed the file differently after the reload');
    await page.click('#upload');
    const outcome = await uploadOutcome();
    expect(outcome.state === 'done', outcome.text);
    expect(Number(outcome.resumedFrom) === stored, `resumed from ${outcome.resumedFrom}, not from the server's ${stored}`);
    expect(outcome.blob === (mid.hash ?? hash) && hash === (mid.hash ?? hash), `the blob's hash is ${outcome.blob}, the page's ${hash}`);
    console.log(`       resumed from ${outcome.resumedFrom}`);
    midBlob = outcome.blob;
  });

  await check('(c) an upload whose connection drops resumes by itself', async () => {
    const dropped = (await e2eState()).dropped;
    expect((await fetch(`${url}e2e/drop?after=${1_500_000}`, { method: 'POST' })).status === 204, 'could not arm the drop');
    const hash = await pickAndHash(small);
    await page.click('#upload');
    const outcome = await uploadOutcome();
    expect(outcome.state === 'done', outcome.text);
    expect((await e2eState()).dropped === dropped + 1, 'the connection was not dropped');
    expect(outcome.blob === (small.hash ?? hash) && hash === (small.hash ?? hash), `the blob's hash is ${outcome.blob}, the page's ${hash}`);
  });

  await check('(d) a verified download equals the original bytes', async () => {
    const before = downloads;
    expect(midBlob, 'no blob from (b)');
    await page.fill('#download-hash', midBlob);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: stepTimeout }), page.click('#download')]);
    const saved = join(work, 'downloaded.bin');
    await download.saveAs(saved);
    await page.waitForFunction(() => document.querySelector('#download-status').dataset.state !== 'downloading', null, { timeout: stepTimeout });
    expect(await state('#download-status') === 'saved', (await page.textContent('#download-status')).trim());
    expect(downloads === before + 1, `${downloads - before} downloads`);
    expect(readFileSync(saved).equals(readFileSync(mid.path)), 'the saved file differs from the original');
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  });

  await check('(e) a tampered download is refused and nothing is saved', async () => {
    const tampered = (await e2eState()).tampered;
    const before = downloads;
    expect((await fetch(`${url}e2e/tamper`, { method: 'POST' })).status === 204, 'could not arm the tampering');
    expect(midBlob, 'no blob from (b)');
    await page.fill('#download-hash', midBlob);
    await page.click('#download');
    await page.waitForFunction(() => !['idle', 'downloading'].includes(document.querySelector('#download-status').dataset.state), null, { timeout: stepTimeout });
    const text = (await page.textContent('#download-status')).trim();
    expect(await state('#download-status') === 'refused', text);
    expect(text.includes('Verification failed'), text);
    expect((await e2eState()).tampered === tampered + 1, 'the server did not tamper with the download');
    // A save would have come before the page's verdict; wait a little for a late one all the same.
    await page.waitForTimeout(500);
    expect(downloads === before, 'a file was saved');
  });

  if (pageErrors.length > 0) {
    failed++;
    console.log(`FAILED the page reported errors:\n  ${pageErrors.join('\n  ')}`);
  }
} finally {
  await browser.close();
  host.kill('SIGTERM');
}

console.log(`blob service in the browser: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
