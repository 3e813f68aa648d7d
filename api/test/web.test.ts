import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Database } from '../src/db/client';
import { cacheControlFor, inlineScriptSources } from '../src/web';
import { startTestApp, type TestApp } from './support/app';
import { createTestDatabase } from './support/database';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const notFound = { msg: 'Recurso não encontrado.', code: 'not-found' };
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** The inline script of the fixture's page, as the shell's build writes its boot script. */
const BOOT = 'document.documentElement.dataset.boot="1"';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const COMPRESSED = [
  'shell/index.html',
  'shell/main.js',
  'shell/812.3f2a1b9c.js',
  'remotes/mf_auth/0.1.0/mf-manifest.json',
  'remotes/mf_auth/0.1.0/remoteEntry.js',
  'remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js',
];

// Laid out like `npm start` lays out the bundles.
function makeWebDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'especifica-web-'));
  const files: Record<string, string> = {
    'shell/index.html': `<!doctype html><title>Especifica</title><script>${BOOT}</script><script defer src="/main.js"></script><div id="root"></div>`,
    'shell/main.js': 'console.log("shell")',
    'shell/812.3f2a1b9c.js': `console.log(${JSON.stringify('um pedaço do shell '.repeat(50))})`,
    'shell/politica-de-privacidade.pdf': '%PDF-1.4',
    'shell/.env': 'SEGREDO=1',
    'fora-do-shell.txt': 'SEGREDO=2',
    'remotes/mf_auth/0.1.0/mf-manifest.json': '{"name":"mf_auth"}',
    'remotes/mf_auth/0.1.0/mf_auth.js': 'var mf_auth;',
    'remotes/mf_auth/0.1.0/remoteEntry.js': 'var mf_auth;',
    'remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js': 'console.log("auth")',
    'remotes.json': '{"mf_auth":"/remotes/mf_auth/0.1.0/mf-manifest.json"}',
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  // The build's brotli and gzip copies beside each text asset (none for the PDF, which is compressed already).
  for (const file of COMPRESSED) {
    const body = Buffer.from(files[file] ?? '');
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  return dir;
}

describe('cacheControlFor', () => {
  it.each([
    ['a chunk with a content hash is immutable', '812.3f2a1b9c.js', IMMUTABLE],
    ['a hashed stylesheet is immutable', 'main-5e1f0a3c7d.css', IMMUTABLE],
    ['the shell entry is revalidated', 'main.js', 'no-cache'],
    ['index.html is revalidated', 'index.html', 'no-cache'],
    ['the federation manifest is revalidated', 'mf-manifest.json', 'no-cache'],
    ['a [name].js federation entry is revalidated', 'mf_participant.js', 'no-cache'],
    ['remoteEntry.js is revalidated', 'remoteEntry.js', 'no-cache'],
    ['a word of hex letters is not a hash', 'facade-deadbeef.js', 'no-cache'],
  ])('%s', (_rule, file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('inlineScriptSources', () => {
  it('names each inline script by the SHA-256 of its text, and no script that has a src or no text', () => {
    const page = `<head><script defer="defer" src="/main.js"></script><script>a()</script><script></script></head><body><script type="module">b()</script></body>`;
    expect(inlineScriptSources(page)).toEqual([sha256('a()'), sha256('b()')]);
    expect(inlineScriptSources('<title>Especifica</title>')).toEqual([]);
  });
});

describe('static files', () => {
  let webDir: string;
  let database: Database;
  let t: TestApp;
  let overridden: TestApp;
  beforeAll(async () => {
    webDir = makeWebDir();
    database = await createTestDatabase('pglite');
    t = await startTestApp('pglite', { database, seed: false, config: { webDir } });
    overridden = await startTestApp('pglite', {
      database,
      seed: false,
      config: { webDir, remotesJson: { mf_auth: 'https://cdn.example/mf_auth/0.2.0/mf-manifest.json' } },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await overridden?.close();
    await database?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('the shell at /', () => {
    it('serves index.html at / without caching it', async () => {
      const response = await get('/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    });

    it("serves the shell's files, hashed chunks for a year", async () => {
      const main = await get('/main.js');
      expect(main.statusCode).toBe(200);
      expect(main.headers['cache-control']).toBe('no-cache');
      expect((await get('/812.3f2a1b9c.js')).headers['cache-control']).toBe(IMMUTABLE);
      const pdf = await get('/politica-de-privacidade.pdf');
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });

    it('sends with a script, a manifest or a font only the headers a file uses, and every header with a page', async () => {
      const documentOnly = [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'referrer-policy',
      ];
      for (const url of ['/main.js', '/812.3f2a1b9c.js', '/remotes/mf_auth/0.1.0/mf-manifest.json', '/main.js?v=2']) {
        const response = await get(url);
        expect([url, response.statusCode]).toEqual([url, 200]);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
        for (const name of documentOnly) expect([url, name, response.headers[name]]).toEqual([url, name, undefined]);
      }
      // A page, the SPA's fallback, a PDF a browser shows as a page, and the API reference keep them all.
      for (const [url, headers] of [
        ['/', {}],
        ['/cms/dashboard', html],
        ['/politica-de-privacidade.pdf', {}],
        ['/api/docs/', html],
      ] as const) {
        const response = await get(url, headers);
        for (const name of documentOnly)
          expect([url, name, Boolean(response.headers[name])]).toEqual([url, name, true]);
      }
      // An API answer is never a page: a policy that lets nothing run or frame it, and not the page's headers.
      for (const url of ['/api/nada.json', '/api/health', '/api/professionals/get-dashboard-data']) {
        const response = await get(url);
        expect([url, response.headers['content-security-policy']]).toEqual([
          url,
          "default-src 'none'; frame-ancestors 'none'",
        ]);
        expect([url, response.headers['x-frame-options'], response.headers['cache-control']]).toEqual([
          url,
          'DENY',
          'no-store',
        ]);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
        expect(response.headers['referrer-policy']).toBeUndefined();
      }
    });

    it('answers a page address with index.html when a browser asks for HTML (SPA fallback)', async () => {
      for (const url of ['/dashboard', '/cms/professionals/extra-points', '/experiences/qrcode/1/abc']) {
        const response = await get(url, html);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      }
    });

    it('answers 404 to a missing file that is not asked for as HTML', async () => {
      const response = await get('/sumiu.js', { accept: '*/*' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    });

    it('never serves hidden files or leaves the folder', async () => {
      expect((await get('/.env', { accept: '*/*' })).statusCode).toBe(404);
      const escapes = ['/../fora-do-shell.txt', '/%2e%2e/fora-do-shell.txt', '/..%2ffora-do-shell.txt'];
      for (const url of [
        ...escapes,
        '/remotes/..%2f..%2ffora-do-shell.txt',
        '/remotes/%2e%2e/%2e%2e/fora-do-shell.txt',
      ]) {
        const response = await get(url, { accept: '*/*' });
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
    });

    it('answers an unknown API route with JSON, never the SPA', async () => {
      const response = await get('/api/nada', html);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    });

    it('sends a CSP that lets the SPA run: scripts from here, inline styles for emotion, data: and blob: images', async () => {
      const csp = String((await get('/')).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      // The QR code reader's WebAssembly compiles; JavaScript's eval stays refused.
      expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
      expect(csp).not.toContain("'unsafe-eval'");
    });

    it('lets the page run its own inline script, by its hash, and no other inline script', async () => {
      const scripts = /script-src ([^;]*)/.exec(
        String((await get('/dashboard', html)).headers['content-security-policy']),
      );
      const sources = scripts?.[1]?.split(' ') ?? [];
      expect(sources).toContain(sha256(BOOT));
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain(sha256(`${BOOT};`));
    });
  });

  describe('the remotes under /remotes/', () => {
    it('serves the manifest and the entries without caching, hashed chunks for a year', async () => {
      const manifest = await get('/remotes/mf_auth/0.1.0/mf-manifest.json');
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/json/);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect((await get('/remotes/mf_auth/0.1.0/mf_auth.js')).headers['cache-control']).toBe('no-cache');
      expect((await get('/remotes/mf_auth/0.1.0/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
      const chunk = await get('/remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js');
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('answers a missing remote file with 404, not with the SPA', async () => {
      for (const url of ['/remotes/mf_auth/9.9.9/mf-manifest.json', '/remotes/mf_auth/0.1.0/', '/remotes/']) {
        const response = await get(url, html);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    });
  });

  describe('compressed as served', () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const original = (file: string) => Buffer.from(readFileSync(path.join(webDir, file)));

    it('answers a hashed script with the brotli copy when the browser accepts it, immutable', async () => {
      const response = await get('/812.3f2a1b9c.js', browser);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(original('shell/812.3f2a1b9c.js').length);
      expect(brotliDecompressSync(response.rawPayload)).toEqual(original('shell/812.3f2a1b9c.js'));
    });

    it('answers with the gzip copy when the browser does not take brotli', async () => {
      for (const encoding of ['gzip', 'br;q=0, gzip', 'gzip, deflate']) {
        const response = await get('/812.3f2a1b9c.js', { 'accept-encoding': encoding });
        expect([encoding, response.headers['content-encoding']]).toEqual([encoding, 'gzip']);
        expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(gunzipSync(response.rawPayload)).toEqual(original('shell/812.3f2a1b9c.js'));
      }
    });

    it('answers with the file itself when the browser takes neither', async () => {
      const neither: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'deflate' },
      ];
      for (const headers of neither) {
        const response = await get('/812.3f2a1b9c.js', headers);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(response.rawPayload).toEqual(original('shell/812.3f2a1b9c.js'));
      }
    });

    it("compresses the remotes' chunks the same way", async () => {
      const response = await get('/remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js', browser);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const file = 'remotes/mf_auth/0.1.0/src_bootstrap_tsx.5e1f0a3c.js';
      expect(brotliDecompressSync(response.rawPayload)).toEqual(original(file));
    });

    it('compresses the HTML, the manifests and the federation entries, and keeps them revalidated', async () => {
      const cases: [string, RegExp, string][] = [
        ['/', /^text\/html/, 'shell/index.html'],
        ['/dashboard', /^text\/html/, 'shell/index.html'],
        ['/main.js', /javascript/, 'shell/main.js'],
        ['/remotes/mf_auth/0.1.0/mf-manifest.json', /^application\/json/, 'remotes/mf_auth/0.1.0/mf-manifest.json'],
        ['/remotes/mf_auth/0.1.0/remoteEntry.js', /javascript/, 'remotes/mf_auth/0.1.0/remoteEntry.js'],
      ];
      for (const [url, type, file] of cases) {
        const response = await get(url, { ...browser, ...html });
        expect([url, response.statusCode, response.headers['content-encoding']]).toEqual([url, 200, 'br']);
        expect(response.headers['content-type']).toMatch(type);
        expect([url, response.headers['cache-control']]).toEqual([url, 'no-cache']);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(response.rawPayload)).toEqual(original(file));
      }
    });

    it('sends a file that has no compressed copy as it is', async () => {
      const response = await get('/politica-de-privacidade.pdf', browser);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.body).toBe('%PDF-1.4');
    });
  });

  describe('GET /remotes.json', () => {
    it('serves WEB_DIR/remotes.json revalidated on every use, 304 while it is unchanged', async () => {
      const response = await get('/remotes.json');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual({ mf_auth: '/remotes/mf_auth/0.1.0/mf-manifest.json' });
      const etag = String(response.headers.etag);
      const again = await get('/remotes.json', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get('/remotes.json', { 'if-none-match': '"outra"' })).statusCode).toBe(200);
    });

    it('serves REMOTES_JSON instead when it is set, and allows scripts from its origins', async () => {
      const response = await overridden.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).not.toBe((await get('/remotes.json')).headers.etag);
      expect(response.json()).toEqual({ mf_auth: 'https://cdn.example/mf_auth/0.2.0/mf-manifest.json' });
      // The page's policy lets it run scripts from there.
      const page = await overridden.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example");
    });
  });
});
