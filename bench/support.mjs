// Shared by the benchmarks: start `npm start` on a fresh embedded database, launch Debian's Chromium, print tables.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function startServer(port) {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server);
  return { base, stop: () => server.kill('SIGTERM') };
}

/** Waits until `url` answers 200, failing early if `child` exits (the server could not start). */
export async function waitFor(url, child) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (i > 900) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/**
 * Records, for every script a page downloads, the bytes the browser received for its body (compressed as the
 * server sent it, not recomputed) and the Content-Encoding it came with.
 */
export function recordScripts(page) {
  const scripts = new Map();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
    const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
    scripts.set(request.url(), { bytes: sizes.responseBodySize, encoding });
  });
  return scripts;
}

export function printTable(rows) {
  console.log('\n| measure | value | target |\n|---|---|---|');
  for (const [name, value, target] of rows) console.log(`| ${name} | ${value} | ${target} |`);
}
