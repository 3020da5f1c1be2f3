// What the browser scripts share (run.mjs here, bench/browser/browser-bench.mjs, the blob service
// sample's e2e.mjs): a static file server for a published wwwroot folder on 127.0.0.1, and Debian's
// Chromium, headless, driven by playwright-core.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
};

/** Serves the files under root on 127.0.0.1 (a free port); resolves to { url, close }. */
export async function serve(root) {
  const base = normalize(root + sep);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = normalize(join(base, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(base)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Debian's Chromium (CHROMIUM overrides the path), headless; the caller closes it. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    // CI runs as root, where Chromium's sandbox cannot start.
    args: ['--no-sandbox'],
  });
}

/**
 * Opens url in a new page of browser, printing the page's console lines (and errors) as they come;
 * resolves to what the page passes to reportDone(value), or rejects if the page crashes or
 * timeoutMs passes first.
 */
export async function runPage(browser, url, timeoutMs, onLine = (line) => console.log(line)) {
  const page = await browser.newPage();
  let timer;
  try {
    return await new Promise((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no result from ${url} within ${timeoutMs / 1000} s`)), timeoutMs);
      page.on('console', (message) => onLine(message.text()));
      page.on('pageerror', (error) => reject(new Error(`page error: ${error.message}`)));
      page.on('crash', () => reject(new Error('the page crashed')));
      page.exposeFunction('reportDone', resolve).then(() => page.goto(url)).catch(reject);
    });
  } finally {
    clearTimeout(timer);
    await page.close();
  }
}
