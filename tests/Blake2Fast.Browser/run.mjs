// Runs the published browser test host in headless Chromium and checks its result.
// Usage: node run.mjs WWWROOT [NAME=VALUE ...]   (NAME=VALUE: the BLAKE2FAST_EXPECTED_* checks)
// Prints the page's console (runtime, kernels picked, suites, failures, the closing line) and exits
// non-zero unless the page's exit status is 0 and its closing line counts a pass and no failure.
import { serve, launch, runPage } from './page.mjs';

const [root, ...expected] = process.argv.slice(2);
if (!root) {
  console.error('usage: node run.mjs WWWROOT [NAME=VALUE ...]');
  process.exit(2);
}

const server = await serve(root);
const browser = await launch();
let closing;
let exitCode;
try {
  const query = expected.map((pair) => {
    const at = pair.indexOf('=');
    return `${encodeURIComponent(pair.slice(0, at))}=${encodeURIComponent(pair.slice(at + 1))}`;
  }).join('&');
  console.log(`chromium ${browser.version()}, ${root}`);
  exitCode = await runPage(browser, `${server.url}index.html${query ? '?' + query : ''}`, 600_000, (line) => {
    console.log(line);
    closing = /^conformance: (\d+) passed, (\d+) failed$/.exec(line) ?? closing;
  });
} finally {
  await browser.close();
  await server.close();
}

const passed = closing ? Number(closing[1]) : 0;
const failed = closing ? Number(closing[2]) : 0;
if (exitCode !== 0 || !closing || passed === 0 || failed !== 0) {
  console.error(`browser conformance FAILED: exit status ${exitCode}, ${closing ? `${passed} passed, ${failed} failed` : 'no closing line'}`);
  process.exit(1);
}
console.log(`browser conformance OK: ${passed} passed, 0 failed`);
