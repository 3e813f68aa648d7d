// npm run build: the shell and the three remotes, as many at a time as the machine has cores. Each is its own
// webpack process that mostly uses one core, and none reads another's build (mf-shared is compiled into each from
// its sources), so on a 2-core machine two at a time take about half as long as one after another.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pending = ['mf-cms', 'mf-participant', 'shell', 'mf-auth'];
const failed = [];

function build(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '-w', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      // One bundle's output at a time, whole, so that two builds' lines do not interleave.
      process.stdout.write(Buffer.concat(output));
      console.log(
        `${dir}: ${code === 0 ? 'ok' : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      if (code !== 0) failed.push(dir);
      resolve();
    });
  });
}

async function lane() {
  for (let dir = pending.shift(); dir; dir = pending.shift()) await build(dir);
}

await Promise.all(Array.from({ length: Math.min(pending.length, Math.max(1, availableParallelism())) }, lane));
if (failed.length) {
  console.error(`Build failed: ${failed.join(', ')}`);
  process.exit(1);
}
