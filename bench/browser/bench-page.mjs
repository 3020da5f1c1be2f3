// The measurement page: Blake2Fast (the test host's Measure class, through its JS exports) and
// hash-wasm, each algorithm and size in turn, in rounds, in this one page. Query: seconds (per
// measurement), warmup (seconds), rounds, only (a comma-separated subset of the algorithms),
// stats=1 (turns on the jiterpreter's statistics and heat estimates and prints the runtime's own
// dump of them after the measurements: which traces it compiled, which it rejected or cut short and
// at which opcodes; see bench/browser-bench.sh --jiterpreter-stats). Hands { kernels, rows } to the
// driver's reportDone.
import { dotnet } from './_framework/dotnet.js';
import { createBLAKE2b, createBLAKE2s, createBLAKE3, createSHA256 } from './peer/hash-wasm.esm.js';

const query = new URLSearchParams(location.search);
const seconds = Number(query.get('seconds') ?? 1.5);
const warmUp = Number(query.get('warmup') ?? 0.5);
const rounds = Number(query.get('rounds') ?? 3);
const log = document.getElementById('log');
const say = (line) => { console.log(line); log.textContent += line + '\n'; };

const stats = query.get('stats') === '1';
const runtime = await (stats ? dotnet.withRuntimeOptions(['--jiterpreter-stats-enabled', '--jiterpreter-estimate-heat', '--jiterpreter-count-bailouts']) : dotnet).create();
const exports = (await runtime.getAssemblyExports('Blake2Fast.Browser')).Blake2Fast.Browser.Measure;

const peers = {
  blake2b: () => createBLAKE2b(512),
  blake2s: () => createBLAKE2s(256),
  blake3: () => createBLAKE3(256),
  sha256: () => createSHA256(),
};

function timePeer(hasher, input, duration) {
  const batch = Math.max(1, Math.floor(65536 / input.length));
  let hashes = 0;
  const start = performance.now();
  let elapsed;
  do {
    for (let i = 0; i < batch; i++) {
      hasher.init();
      hasher.update(input);
      hasher.digest('binary');
    }
    hashes += batch;
    elapsed = (performance.now() - start) / 1000;
  } while (elapsed < duration);
  return hashes * input.length / elapsed / 1048576;
}

async function measurePeer(algorithm, size) {
  const hasher = await peers[algorithm]();
  const input = new Uint8Array(size);
  for (let i = 0; i < size; i++) input[i] = (i * 7 + 1) & 0xff;
  timePeer(hasher, input, warmUp);
  return timePeer(hasher, input, seconds);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kernels = exports.Kernels();
say(`kernels picked: ${kernels}`);
const rows = [];
const only = query.get('only')?.split(',');
for (const algorithm of Object.keys(peers).filter((name) => !only || only.includes(name))) {
  for (const size of [1048576, 64]) {
    // BLAKE2b and BLAKE2s also with the scalar kernel forced: what the dispatcher picked before.
    const forced = algorithm.startsWith('blake2') ? `${algorithm}-scalar` : null;
    const ours = [];
    const theirs = [];
    const scalar = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(exports.MibPerSecond(algorithm, size, warmUp, seconds));
      theirs.push(await measurePeer(algorithm, size));
      if (forced) scalar.push(exports.MibPerSecond(forced, size, warmUp, seconds));
    }
    const row = { algorithm, size, ours: median(ours), theirs: median(theirs), scalar: forced ? median(scalar) : null, oursAll: ours, theirsAll: theirs, scalarAll: scalar };
    say(`${algorithm} ${size} B: Blake2Fast ${row.ours.toFixed(1)} MiB/s${forced ? ` (scalar kernel ${row.scalar.toFixed(1)})` : ''}, hash-wasm ${row.theirs.toFixed(1)} MiB/s`);
    rows.push(row);
  }
}
if (stats) {
  // The runtime's own report (console lines), with its per-opcode counts of cut-short traces.
  runtime.INTERNAL.jiterpreter_dump_stats(false);
}
if (globalThis.reportDone) {
  await globalThis.reportDone({ kernels, rows });
}
