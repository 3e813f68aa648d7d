// The production web image's nginx configuration (docker/nginx.conf) run as it is by this machine's nginx (Debian's,
// with its brotli_static module), on a folder of this machine: the API suite checks the headers it really sends, and
// `npm run bench:pages` (BENCH_NGINX=1) measures the pages it serves.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** The image's configuration, as the image copies it. */
export const imageConf = readFileSync(path.join(root, 'docker/nginx.conf'), 'utf8');

/** This machine's nginx, when it has one. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find(
  (file) => spawnSync(file, ['-v']).status === 0,
);

export interface LocalNginx {
  base: string;
  port: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/**
 * Starts nginx with the image's server block as it is, on a free port, over the folder `fill` writes (the image's
 * /usr/share/nginx/html), its /api sent to `api`: one origin, or several (`host:port`, API replicas) that become the
 * servers of one upstream, as compose's replicas of `api` are. Refused by `nginx -t`, or never answering, it is said
 * and nothing is left behind.
 */
export async function startNginx(fill: (html: string) => void, api: string | readonly string[]): Promise<LocalNginx> {
  if (!nginxBinary) throw new Error('nginx is not installed (Debian: nginx libnginx-mod-http-brotli-static)');
  const dir = mkdtempSync(path.join(tmpdir(), 'especifica-nginx-'));
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // nginx's workers run as another user: they must be able to read the folder.
    chmodSync(dir, 0o755);
    const html = path.join(dir, 'html');
    mkdirSync(html);
    fill(html);
    const port = await freePort();
    const upstream =
      typeof api === 'string' ? '' : `upstream api_replicas {\n${api.map((a) => `  server ${a};\n`).join('')}}\n`;
    const server =
      upstream +
      imageConf
        .replace('listen 80;', `listen 127.0.0.1:${port};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`)
        .replace('http://api:8080', typeof api === 'string' ? api : 'http://api_replicas');
    writeFileSync(path.join(dir, 'server.conf'), server);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'include /etc/nginx/modules-enabled/*.conf;',
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events { worker_connections 256; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
        `  include ${dir}/server.conf;`,
        '}',
      ].join('\n'),
    );
    const args = ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
    const test = spawnSync(nginxBinary, ['-t', ...args], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused docker/nginx.conf:\n${test.stderr}`);
    child = spawn(nginxBinary, args, { stdio: 'ignore' });
    for (let i = 0; !(await answers(port)); i++) {
      if (child.exitCode !== null || i > 100) throw new Error(`nginx did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { base: `http://127.0.0.1:${port}`, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
