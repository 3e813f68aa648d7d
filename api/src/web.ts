import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from './http/zod';

export interface WebOptions {
  /**
   * Holds `shell/`, `remotes/<name>/<version>/`, optionally `remotes.json`, and optionally `releases/` (the releases
   * folder: `<name>/<version>/` published by `npm run release`, and the `remotes.json` that `npm run remotes` edits,
   * which wins over the one beside it).
   */
  webDir: string;
  /** When set, answered for /remotes.json instead of the file. */
  remotesJson: Record<string, string> | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/**
 * A name with a content hash (`main.3f2a1b9c.js`, `chunk-5e1f0a3c7d.css`) never changes content; anything else
 * (index.html, mf-manifest.json, the `[name].js` federation entries) may change under the same URL.
 */
export function cacheControlFor(fileName: string): string {
  return /[._-](?=[0-9a-f]*\d)[0-9a-f]{8,}\./i.test(path.basename(fileName)) ? IMMUTABLE : NO_CACHE;
}

/**
 * CSP sources for the inline scripts of a page, each by the SHA-256 of its text as served: the policy then allows
 * exactly those scripts, and no other inline script (an injected one included).
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}

/** The inline scripts of the shell's index.html in a web folder, read once at start (none without a shell). */
export function shellInlineScripts(webDir: string): string[] {
  try {
    return inlineScriptSources(readFileSync(path.join(webDir, 'shell', 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/** The relative path inside a root, or null for anything that tries to leave it or reach a hidden file. */
function safeRelative(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const segments = decoded.split(/[/\\]+/).filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return null;
  return segments.join('/');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The build leaves `<file>.br` and `<file>.gz` beside every text asset; @fastify/static's `preCompressed` answers
 * with the one the client accepts (brotli first), or the file itself. The answer depends on Accept-Encoding
 * whichever it is, so every file says so to the caches on the way.
 */
function sendFile(reply: FastifyReply, root: string, relative: string) {
  return reply
    .header('cache-control', cacheControlFor(relative))
    .header('vary', 'accept-encoding')
    .sendFile(relative, root, { cacheControl: false });
}

const remotesTableSchema = z.record(z.string(), z.string());

/**
 * Reads a remotes.json when it changed (its size and time), so that an edit is answered on the next request with no
 * restart. A file caught mid-edit or broken keeps the last table that was read well.
 */
function remotesTableFile(file: string, log: (error: unknown) => void) {
  let seen = '';
  let table: Record<string, string> | null = null;
  return async (): Promise<Record<string, string> | null> => {
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      return null;
    }
    if (stamp === seen) return table;
    try {
      table = remotesTableSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      seen = stamp;
    } catch (error) {
      log(error);
    }
    return table;
  };
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Serves the shell at /, the remotes under /remotes/ and /remotes.json, all from one folder. */
export async function webRoutes(app: App, options: WebOptions) {
  const shellRoot = path.join(options.webDir, 'shell');
  const remotesRoot = path.join(options.webDir, 'remotes');
  const releasesRoot = path.join(options.webDir, 'releases');
  const log = (error: unknown) => app.log.warn({ err: error }, 'remotes.json could not be read');
  const released = remotesTableFile(path.join(releasesRoot, 'remotes.json'), log);
  const built = remotesTableFile(path.join(options.webDir, 'remotes.json'), log);
  // `serve: false`: only the routes below, each with its guard, serve files.
  await app.register(fastifyStatic, { root: options.webDir, serve: false, preCompressed: true });

  app.get('/remotes.json', { config: { guard: 'public' } }, async (request, reply) => {
    const table = options.remotesJson ?? (await released()) ?? (await built());
    if (!table) return reply.callNotFound();
    // Ops swap a version by editing the table, so a browser revalidates it every time (a 304 when unchanged).
    const body = JSON.stringify(table);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('cache-control', NO_CACHE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // A published release first, then the built bundles. A missing remote file is a 404, never the SPA: a manifest
  // answered with HTML would fail in confusing ways.
  app.get('/remotes/*', { config: { guard: 'public' } }, async (request, reply) => {
    const relative = safeRelative((request.params as { '*': string })['*']);
    if (!relative) return reply.callNotFound();
    for (const root of [releasesRoot, remotesRoot])
      if (await isFile(path.join(root, relative))) return sendFile(reply, root, relative);
    return reply.callNotFound();
  });

  app.get('/*', { config: { guard: 'public' } }, async (request, reply) => {
    const urlPath = (request.params as { '*': string })['*'];
    if (urlPath === 'api' || urlPath.startsWith('api/')) return reply.callNotFound();
    const relative = safeRelative(urlPath);
    if (relative && (await isFile(path.join(shellRoot, relative)))) return sendFile(reply, shellRoot, relative);
    // Any other page address belongs to the single-page app, which routes it in the browser.
    if ((relative === '' || wantsHtml(request)) && (await isFile(path.join(shellRoot, 'index.html')))) {
      return sendFile(reply, shellRoot, 'index.html');
    }
    return reply.callNotFound();
  });
}
