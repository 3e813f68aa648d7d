import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { containsNul, nulRefused } from '../http/nul';
import type { App, ZodTypeProvider } from '../http/zod';
import { fail, sqlState } from './errors';

export type FileKind = 'png' | 'jpg' | 'webp' | 'pdf' | 'xml';

export const contentTypes: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

/**
 * What a file is, from its first bytes: the name and the type the client declares are its word, not proof.
 */
export function sniffFile(data: Buffer): FileKind | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const start = data
    .subarray(0, 256)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<?xml') || start.startsWith('<nfeProc') || start.startsWith('<NFe')) return 'xml';
  return null;
}

export interface UploadedFile {
  data: Buffer;
  kind: FileKind;
}

export interface FileRule {
  maxBytes: number;
  kinds: readonly FileKind[];
  /** For the messages: "imagem JPG, PNG ou WEBP". */
  describe: string;
}

export const rules = {
  profileImage: { maxBytes: 2 * 1024 * 1024, kinds: ['jpg', 'png', 'webp'], describe: 'uma imagem JPG, PNG ou WEBP' },
  abdCertificate: { maxBytes: 5 * 1024 * 1024, kinds: ['pdf', 'jpg', 'png'], describe: 'um PDF, JPG ou PNG' },
} satisfies Record<string, FileRule>;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const tooLarge = (rule: FileRule) =>
  fail.tooLarge(`O arquivo é grande demais: o limite é ${megabytes(rule.maxBytes)}.`, 'file-too-large');
export const wrongType = (rule: FileRule) =>
  fail.unsupported(`Tipo de arquivo não aceito: envie ${rule.describe}.`, 'file-type');

const notMultipartForm = () =>
  fail.unsupported('Envie os dados como um formulário multipart.', 'unsupported-media-type');

/**
 * The text fields and at most one file (field `file`) of a multipart request. The file is read up to the rule's
 * limit (a bigger one answers 413) and its type is checked from its content (another answers 415).
 */
export async function readMultipart(
  request: FastifyRequest,
  rule: FileRule | null,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw notMultipartForm();
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const parts = request.parts({ limits: { fileSize: rule?.maxBytes ?? 0, files: rule ? 1 : 0, fields: 60 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (!rule || part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(rule);
      throw error;
    });
    if (part.file.truncated) throw tooLarge(rule);
    if (data.length === 0) continue;
    const kind = sniffFile(data);
    if (!kind || !rule.kinds.includes(kind)) throw wrongType(rule);
    file = { data, kind };
  }
  return { fields, file };
}

/** A name made here: nothing of the client's file name reaches the disk. */
export const storageKeyFor = (folder: string, kind: FileKind) => `${folder}/${randomUUID()}.${kind}`;

const JSON_FIELDS = new Set(['userData', 'address', 'office', 'socialMedia']);
const BOOLEAN_FIELDS = new Set(['acceptTerms', 'acceptReceiveEmail']);

/** Multipart carries only text: the nested objects come as JSON and the flags as "true"/"false". */
export function fieldsToBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (JSON_FIELDS.has(key)) {
      try {
        body[key] = JSON.parse(value);
      } catch {
        body[key] = value;
      }
    } else if (BOOLEAN_FIELDS.has(key)) {
      body[key] = value === 'true';
    } else if (value !== '') {
      body[key] = value;
    }
  }
  return body;
}

/**
 * Registers routes that take files in a scope of their own with @fastify/multipart (unless an outer scope already
 * registered it), so the JSON routes keep refusing multipart bodies.
 */
export async function withUploads(app: App, routes: (scoped: App) => Promise<void> | void): Promise<void> {
  await app.register(async (instance) => {
    const scoped = instance.withTypeProvider<ZodTypeProvider>() as App;
    if (!scoped.hasContentTypeParser('multipart/form-data')) {
      await scoped.register(multipart, { limits: { fieldSize: 1024 * 1024, fields: 200, files: 1, parts: 300 } });
    }
    // An upload refused before its end (too large, bad columns on the first row) leaves the rest of the body
    // unread, and the connection would wait for it forever: discard it, so the next request on a keep-alive
    // connection is answered.
    scoped.addHook('onSend', async (request) => {
      if (!request.raw.readableEnded) {
        request.raw.unpipe();
        request.raw.resume();
      }
    });
    await routes(scoped);
  });
}

const MB = 1024 * 1024;

function notMultipart() {
  return fail.badRequest('Envie o formulário com o arquivo (multipart/form-data).', 'multipart-required');
}

/** The file errors of busboy and @fastify/multipart in the product's words. */
export function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fail.tooLarge(`O arquivo passa do tamanho máximo de ${Math.round(maxBytes / MB)} MB.`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  if (code?.startsWith('FST_') && !sqlState(error)) {
    return fail.badRequest('O formulário enviado está incompleto ou corrompido.', 'multipart-invalid');
  }
  return error;
}

export interface StreamedUpload {
  /** Text fields sent before the file. */
  fields: Record<string, string>;
  filename: string;
  stream: Readable;
}

/** The one file of a request, as a stream (an import): fields must come before it. */
export async function streamedFile(request: FastifyRequest, maxBytes: number): Promise<StreamedUpload> {
  if (!request.isMultipart()) throw notMultipart();
  // A body that says it is larger than the limit (and the form around the file) is refused before it is read.
  if (Number(request.headers['content-length']) > maxBytes + 64 * 1024) {
    throw uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes);
  }
  const file = await request.file({ limits: { fileSize: maxBytes } }).catch((error) => {
    throw uploadError(error, maxBytes);
  });
  if (!file) throw fail.badRequest('Envie um arquivo.', 'file-required');
  // Past the limit busboy just ends the stream early: a reader would take the cut file for the whole one. Fail the
  // stream instead, so that whatever reads it stops and rolls back.
  file.file.once('limit', () => file.file.destroy(uploadError({ code: 'FST_REQ_FILE_TOO_LARGE' }, maxBytes) as Error));
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field') fields[name] = String(value.value);
  }
  if (containsNul(fields) || containsNul(file.filename)) throw nulRefused();
  return { fields, filename: file.filename, stream: file.file };
}

export interface BufferedUpload {
  fields: Record<string, string>;
  /** The file, with its kind as its first bytes tell (null when none of the kinds known here). */
  file: { filename: string; data: Buffer; kind: FileKind | null } | null;
}

/** A form with at most one small file (an image, an invoice), read whole. */
export async function bufferedForm(request: FastifyRequest, maxBytes: number): Promise<BufferedUpload> {
  if (!request.isMultipart()) throw notMultipart();
  const fields: Record<string, string> = {};
  let file: BufferedUpload['file'] = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) file = { filename: part.filename, data, kind: sniffFile(data) };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  if (containsNul(fields)) throw nulRefused();
  return { fields, file };
}

/** A body that may come as JSON or as a multipart form: the form (as `bufferedForm` reads it), or null for JSON. */
export const formIfMultipart = (request: FastifyRequest, maxBytes: number): Promise<BufferedUpload | null> =>
  request.isMultipart() ? bufferedForm(request, maxBytes) : Promise.resolve(null);

/** The outer bounds of every multipart body; each upload route reads its own parts with its own size limit. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 60, fieldSize: 64 * 1024 } });
}
