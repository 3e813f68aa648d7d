// Shared by the benchmarks: start `npm start` on a fresh embedded database (or the one `env` names), or the web
// image's nginx beside it, launch Debian's Chromium, log in through the API, print tables.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
 * The production web image's nginx (docker/web.Dockerfile) on `port`: Debian's nginx with its brotli_static module
 * and docker/nginx.conf as it is, on a copy of the built bundles laid out as the image lays them out, its /api sent
 * to the API at `api` (an `npm start`). Needs Debian's `nginx` and `libnginx-mod-http-brotli-static`.
 */
export async function startNginx(port, api) {
  const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find(
    (file) => spawnSync(file, ['-v']).status === 0,
  );
  if (!nginx) throw new Error('nginx is not installed (Debian: nginx libnginx-mod-http-brotli-static)');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  // nginx's workers run as another user: they must be able to read the copy.
  chmodSync(dir, 0o755);
  const html = path.join(dir, 'html');
  cpSync(path.join(root, 'shell', 'dist'), html, { recursive: true });
  mkdirSync(path.join(html, 'releases'));
  const table = {};
  for (const remote of ['mf-auth', 'mf-participant', 'mf-cms']) {
    const name = remote.replace('-', '_');
    const { version } = JSON.parse(readFileSync(path.join(root, remote, 'package.json'), 'utf8'));
    cpSync(path.join(root, remote, 'dist'), path.join(html, 'remotes', name, version), { recursive: true });
    table[name] = `/remotes/${name}/${version}/mf-manifest.json`;
  }
  // What the image's docker/write-remotes.sh writes at start when no version is chosen.
  writeFileSync(path.join(html, 'remotes.json'), JSON.stringify(table));
  const server = readFileSync(path.join(root, 'docker', 'nginx.conf'), 'utf8')
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${html};`)
    .replace('http://api:8080', api);
  writeFileSync(path.join(dir, 'server.conf'), server);
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`);
  const conf = ['include /etc/nginx/modules-enabled/*.conf;', 'daemon off;', 'worker_processes 1;']
    .concat([`pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log;`, 'events { worker_connections 256; }'])
    .concat(['http {', '  include /etc/nginx/mime.types;', '  access_log off;', ...temps])
    .concat([`  include ${dir}/server.conf;`, '}']);
  writeFileSync(path.join(dir, 'nginx.conf'), conf.join('\n'));
  const args = ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const test = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused docker/nginx.conf:\n${test.stderr}`);
  }
  const child = spawn(nginx, args, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  await waitFor(`${base}/api/health`, child).catch(async (error) => {
    await stop();
    throw error;
  });
  return { base, stop };
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
