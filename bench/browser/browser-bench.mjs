// Drives the measurement page (bench.html in a published test host, see bench/browser-bench.sh) in
// headless Chromium and prints a Markdown table: MiB/s of Blake2Fast and hash-wasm and their ratio.
// Usage: node browser-bench.mjs WWWROOT [SECONDS [ROUNDS [ONLY]]]   (ONLY: e.g. blake3,sha256)
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { serve, launch, runPage } from '../../tests/Blake2Fast.Browser/page.mjs';

const [root, seconds = '1.5', rounds = '3', only = ''] = process.argv.slice(2);
if (!root) {
  console.error('usage: node browser-bench.mjs WWWROOT [SECONDS [ROUNDS]]');
  process.exit(2);
}

const server = await serve(root);
const browser = await launch();
let result;
try {
  // JITERPRETER_STATS=1 (bench/browser-bench.sh --jiterpreter-stats): the runtime's statistics dump
  // follows the measurements among the page's lines (on stderr).
  const stats = process.env.JITERPRETER_STATS === '1' ? '&stats=1' : '';
  result = await runPage(browser, `${server.url}bench.html?seconds=${seconds}&rounds=${rounds}&warmup=0.5${only ? `&only=${only}` : ''}${stats}`, 900_000, (line) => console.error(line));
} finally {
  await browser.close();
  await server.close();
}

const names = { blake2b: 'BLAKE2b-512', blake2s: 'BLAKE2s-256', blake3: 'BLAKE3-256', sha256: 'SHA-256 (the BCL\'s)' };
const cpu = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m)?.[1] ?? cpus()[0].model;
const publish = JSON.parse(readFileSync(new URL('../../tests/Blake2Fast.Browser/package-lock.json', import.meta.url)));
console.log(`CPU: ${cpu}, ${cpus().length} cores; Chromium ${browser.version()}; playwright-core ${publish.packages['node_modules/playwright-core'].version}`);
console.log(`kernels picked: ${result.kernels}`);
console.log(`${seconds} s a measurement after 0.5 s of warm-up, median of ${rounds} rounds, Blake2Fast and hash-wasm alternating in one page;`);
console.log('"scalar kernel": BLAKE2b/BLAKE2s with the scalar kernel forced (what the dispatcher picked in a browser before RoundLoop); ratio: Blake2Fast / hash-wasm');
console.log('');
console.log('| MiB/s | Blake2Fast 1 MiB | scalar kernel | hash-wasm 1 MiB | ratio | Blake2Fast 64 B | scalar kernel | hash-wasm 64 B | ratio |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const algorithm of Object.keys(names)) {
  const big = result.rows.find((r) => r.algorithm === algorithm && r.size === 1048576);
  const small = result.rows.find((r) => r.algorithm === algorithm && r.size === 64);
  if (!big || !small) continue;
  const cells = (r) => [r.ours.toFixed(1), r.scalar === null ? '' : r.scalar.toFixed(1), r.theirs.toFixed(1), (r.ours / r.theirs).toFixed(2) + 'x'];
  console.log(`| ${names[algorithm]} | ${[...cells(big), ...cells(small)].join(' | ')} |`);
}
