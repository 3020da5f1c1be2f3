// Starts .NET, runs the conformance program's Main with the page's query parameters as its
// arguments (NAME=VALUE: the BLAKE2FAST_EXPECTED_* values), and hands its exit status to the
// driver (run.mjs exposes reportDone); without a driver, it is shown on the page.
import { dotnet } from './_framework/dotnet.js';

const log = document.getElementById('log');
const args = [...new URLSearchParams(location.search)].map(([name, value]) => `${name}=${value}`);
let exitCode;
try {
  const runtime = await dotnet.create();
  exitCode = await runtime.runMain('Blake2Fast.Browser', args);
} catch (e) {
  console.error(`the runtime failed: ${e}`);
  exitCode = -1;
}
log.textContent = `exit status ${exitCode}`;
if (globalThis.reportDone) {
  await globalThis.reportDone(exitCode);
}
