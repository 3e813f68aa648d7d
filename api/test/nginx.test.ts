import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { imageConf as CONF, type LocalNginx, nginxBinary as NGINX, startNginx } from '../../scripts/nginx/local';
import { notify } from '../src/kernel/notifications';
import { startTestApp, type TestApp, tokenFor } from './support/app';
import { openEvents } from './support/events';

// The production image's nginx configuration (docker/nginx.conf). It is always read for what the image must
// do; where Debian's nginx is installed (CI installs it), it is also checked by `nginx -t` and run on a copy
// of the built layout, so that the headers are the ones nginx really sends.
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('docker/nginx.conf', () => {
  it("sends the build's brotli and gzip copies as they are, saying that the answer varies", () => {
    expect(CONF).toMatch(/^\s*brotli_static on;/m);
    expect(CONF).toMatch(/^\s*gzip_static on;/m);
    expect(CONF).toMatch(/^\s*gzip_vary on;/m);
  });

  it('revalidates remotes.json, the page and the entries, and keeps hashed files for a year', () => {
    expect(CONF).toMatch(/location = \/remotes\.json \{ add_header Cache-Control "no-cache";/);
    expect(CONF).toMatch(/location = \/index\.html \{ add_header Cache-Control "no-cache"; \}/);
    expect(CONF).toMatch(/mf-manifest\\\.json\|[^)]*remoteEntry\\\.js\)\$ \{ add_header Cache-Control "no-cache";/);
    expect(CONF).toContain(`add_header Cache-Control "${IMMUTABLE}";`);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

if (NGINX) {
  describe(`nginx (${NGINX}) with docker/nginx.conf`, () => {
    const chunk = `console.log(${JSON.stringify('um pedaço do shell '.repeat(50))})`;
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>Especifica</title>${'<p>Especifica</p>'.repeat(20)}`,
      'main.js': chunk,
      '812.3f2a1b9c.js': chunk,
      'politica-de-privacidade.pdf': '%PDF-1.4',
      'remotes.json': JSON.stringify({ mf_auth: '/remotes/mf_auth/0.1.0/mf-manifest.json', pad: 'x'.repeat(300) }),
      'remotes/mf_auth/0.1.0/mf-manifest.json': JSON.stringify({ name: 'mf_auth', pad: 'y'.repeat(300) }),
      'remotes/mf_auth/0.1.0/remoteEntry.js': chunk,
      'remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js': chunk,
      // The releases folder, mounted as a volume: a published version and the remotes.json that switched to it.
      'releases/remotes.json': JSON.stringify({ mf_auth: '/remotes/mf_auth/0.2.0/mf-manifest.json' }),
      'releases/mf_auth/0.2.0/mf-manifest.json': JSON.stringify({ name: 'mf_auth', release: '0.2.0' }),
      'releases/mf_auth/0.2.0/remoteEntry.js': 'var mf_auth = "0.2.0";',
    };
    const copies = Object.keys(files).filter((file) => !/remotes\.json|\.pdf$|^releases\//.test(file));
    let nginx: LocalNginx;
    let port: number;

    beforeAll(async () => {
      const fill = (html: string) => {
        for (const [file, content] of Object.entries(files)) {
          mkdirSync(path.dirname(path.join(html, file)), { recursive: true });
          writeFileSync(path.join(html, file), content);
        }
        for (const [file, content] of Object.entries(files).filter(([file]) => copies.includes(file))) {
          writeFileSync(path.join(html, `${file}.br`), brotliCompressSync(Buffer.from(content)));
          writeFileSync(path.join(html, `${file}.gz`), gzipSync(Buffer.from(content)));
        }
      };
      // An API address that resolves here and answers nothing.
      nginx = await startNginx(fill, 'http://127.0.0.1:9');
      port = nginx.port;
    }, 30_000);

    afterAll(() => nginx.stop());

    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

    it('answers a hashed script with the brotli copy, then gzip, then the file itself, always immutable', async () => {
      const br = await get(port, '/812.3f2a1b9c.js', browser);
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe(IMMUTABLE);
      expect(brotliDecompressSync(br.body).toString()).toBe(chunk);

      const gz = await get(port, '/812.3f2a1b9c.js', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gz.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(gz.body).toString()).toBe(chunk);

      const plain = await get(port, '/812.3f2a1b9c.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
      expect(plain.body.toString()).toBe(chunk);
    });

    it("compresses the remotes' hashed chunks the same way", async () => {
      const response = await get(port, '/remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js', browser);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('revalidates the page (also as the SPA fallback), the entries, the manifests and remotes.json', async () => {
      for (const url of ['/', '/dashboard', '/main.js', '/remotes/mf_auth/0.1.0/mf-manifest.json']) {
        const response = await get(port, url, browser);
        expect([url, response.status, response.headers['content-encoding']]).toEqual([url, 200, 'br']);
        expect([url, response.headers['cache-control']]).toEqual([url, 'no-cache']);
      }
      const entry = await get(port, '/remotes/mf_auth/0.1.0/remoteEntry.js', browser);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const table = await get(port, '/remotes.json', browser);
      expect(table.headers['cache-control']).toBe('no-cache');
      expect(table.headers.etag).toBeDefined();
      expect(table.headers['content-encoding']).toBe('gzip');
    });

    it("serves the releases folder's remotes.json and versions, beside the built ones, never the folder itself", async () => {
      const table = await get(port, '/remotes.json');
      expect(JSON.parse(table.body.toString())).toEqual({ mf_auth: '/remotes/mf_auth/0.2.0/mf-manifest.json' });
      const manifest = await get(port, '/remotes/mf_auth/0.2.0/mf-manifest.json');
      expect([manifest.status, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
      expect(JSON.parse(manifest.body.toString())).toEqual({ name: 'mf_auth', release: '0.2.0' });
      expect((await get(port, '/remotes/mf_auth/0.2.0/remoteEntry.js')).body.toString()).toBe('var mf_auth = "0.2.0";');
      expect((await get(port, '/remotes/mf_auth/0.1.0/remoteEntry.js')).body.toString()).toBe(chunk);
      expect((await get(port, '/remotes/mf_auth/0.3.0/remoteEntry.js')).status).toBe(404);
      expect((await get(port, '/releases/remotes.json')).status).toBe(404);
    });

    it('sends a file that has no compressed copy as it is', async () => {
      const response = await get(port, '/politica-de-privacidade.pdf', browser);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe('%PDF-1.4');
    });
  });

  // The live stream passes through as it is written: nginx buffers a proxied answer unless it says not to
  // (X-Accel-Buffering: no), and an event held in its buffer would wait for the next 4 KB.
  describe(`nginx (${NGINX}) in front of the API's live stream`, () => {
    let t: TestApp;
    let nginx: LocalNginx;
    beforeAll(async () => {
      t = await startTestApp('pglite');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      nginx = await startNginx(() => undefined, `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    }, 60_000);
    afterAll(async () => {
      await nginx?.stop();
      await t?.close();
    }, 30_000);

    it('delivers an event within a second of its commit', async () => {
      const token = await tokenFor(t.app, 'professional', 'ana@especifica.dev');
      const ana = await openEvents(nginx.base, token);
      try {
        expect(ana.response.status).toBe(200);
        const ready = await ana.next((event) => event.event === 'ready', 5_000);
        const [row] = await t.database.db.query.professionals.findMany({
          where: (p, { eq }) => eq(p.email, 'ana@especifica.dev'),
          columns: { id: true },
        });
        const sent = Date.now();
        await notify(t.database.db, [{ kind: 'professional', id: row?.id ?? '' }], {
          type: 'test',
          title: 'Teste',
          message: 'Um aviso pelo nginx.',
        });
        const event = await ana.next((e) => e.event === 'notification', 5_000);
        expect(Date.now() - sent).toBeLessThan(1_000);
        expect(Number(event.id)).toBeGreaterThan(Number(ready.id));
        expect(event.data).toMatchObject({ type: 'test', message: 'Um aviso pelo nginx.' });
      } finally {
        ana.close();
      }
    }, 30_000);
  });
}
