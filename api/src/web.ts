import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from './http/zod';

export interface WebOptions {
  /** Holds `shell/`, `remotes/<name>/<version>/` and optionally `remotes.json`. */
  webDir: string;
  /** When set, answered for /remotes.json instead of the file. */
  remotesJson: Record<string, string> | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
// The table of remote versions: ops swap a version by editing it, so browsers may keep it for seconds only.
const REMOTES_CACHE = 'public, max-age=5';

/**
 * A name with a content hash (`main.3f2a1b9c.js`, `chunk-5e1f0a3c7d.css`) never changes content; anything else
 * (index.html, mf-manifest.json, the `[name].js` federation entries) may change under the same URL.
 */
export function cacheControlFor(fileName: string): string {
  return /[._-](?=[0-9a-f]*\d)[0-9a-f]{8,}\./i.test(path.basename(fileName)) ? IMMUTABLE : NO_CACHE;
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

function sendFile(reply: FastifyReply, root: string, relative: string) {
  return reply.header('cache-control', cacheControlFor(relative)).sendFile(relative, root, { cacheControl: false });
}

const remotesTableSchema = z.record(z.string(), z.string());

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Serves the shell at /, the remotes under /remotes/ and /remotes.json, all from one folder. */
export async function webRoutes(app: App, options: WebOptions) {
  const shellRoot = path.join(options.webDir, 'shell');
  const remotesRoot = path.join(options.webDir, 'remotes');
  // `serve: false`: only the routes below, each with its guard, serve files.
  await app.register(fastifyStatic, { root: options.webDir, serve: false });

  app.get('/remotes.json', { config: { guard: 'public' } }, async (_request, reply) => {
    let table = options.remotesJson;
    if (!table) {
      const file = path.join(options.webDir, 'remotes.json');
      if (!(await isFile(file))) return reply.callNotFound();
      table = remotesTableSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    }
    return reply.header('cache-control', REMOTES_CACHE).type('application/json; charset=utf-8').send(table);
  });

  // A missing remote file is a 404, never the SPA: a manifest answered with HTML would fail in confusing ways.
  app.get('/remotes/*', { config: { guard: 'public' } }, async (request, reply) => {
    const relative = safeRelative((request.params as { '*': string })['*']);
    if (!relative || !(await isFile(path.join(remotesRoot, relative)))) return reply.callNotFound();
    return sendFile(reply, remotesRoot, relative);
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
