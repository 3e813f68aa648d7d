// Shared by the benchmarks: start `npm start` on a fresh embedded database (or the one `env` names), lay the build
// out as the web image does, launch Debian's Chromium, log in through the API, print tables.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/** `npm start` on `port`; `env` overrides its environment (DATABASE_URL for PostgreSQL rather than PGlite). */
export async function startServer(port, env = {}) {
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // The returned promise settles once the server has exited.
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    return exited;
  };
  return { base, stop };
}

/**
 * Writes into `html` the built bundles as the production web image lays them out (docker/web.Dockerfile): the shell
 * at the root, each remote under remotes/<name>/<version>/, the remotes.json its start script writes when no version
 * is chosen, and an empty releases folder.
 */
export function imageLayout(html) {
  cpSync(path.join(root, 'shell', 'dist'), html, { recursive: true });
  mkdirSync(path.join(html, 'releases'));
  const table = {};
  for (const remote of ['mf-auth', 'mf-participant', 'mf-cms']) {
    const name = remote.replace('-', '_');
    const { version } = JSON.parse(readFileSync(path.join(root, remote, 'package.json'), 'utf8'));
    cpSync(path.join(root, remote, 'dist'), path.join(html, 'remotes', name, version), { recursive: true });
    table[name] = `/remotes/${name}/${version}/mf-manifest.json`;
  }
  writeFileSync(path.join(html, 'remotes.json'), JSON.stringify(table));
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

/** The session as the app keeps it (localStorage "store": the user with its access token), from a demo password login. */
export async function sessionFor(base, endpoint, email) {
  const response = await fetch(base + endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Especifica@2026' }),
  });
  if (!response.ok) throw new Error(`login of ${email}: HTTP ${response.status}`);
  const { accessToken, user, loginAllUsers } = await response.json();
  return JSON.stringify({ user: { ...user, accessToken }, score: null, loginAllUsers: loginAllUsers === true });
}

export function printTable(rows, headers = ['measure', 'value', 'target']) {
  console.log(`\n| ${headers.join(' | ')} |\n|${headers.map(() => '---|').join('')}`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** The pages bench:pages measures, and the demo account each is opened with. */
export const PAGES = [
  { path: '/login', login: null },
  { path: '/dashboard', login: { endpoint: '/api/auth/login', email: 'ana@especifica.dev' } },
  { path: '/extract', login: { endpoint: '/api/auth/login', email: 'ana@especifica.dev' } },
  { path: '/cms/dashboard', login: { endpoint: '/api/auth/admin-login', email: 'admin@especifica.dev' } },
  { path: '/invoices', login: { endpoint: '/api/auth/login', email: 'ana@especifica.dev' } },
];
