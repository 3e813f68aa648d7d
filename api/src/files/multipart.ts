import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fail, sqlState } from '../http/fail';
import type { App, ZodTypeProvider } from '../http/zod';

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
  const file = await request.file({ limits: { fileSize: maxBytes } }).catch((error) => {
    throw uploadError(error, maxBytes);
  });
  if (!file) throw fail.badRequest('Envie um arquivo.', 'file-required');
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field') fields[name] = String(value.value);
  }
  return { fields, filename: file.filename, stream: file.file };
}

export interface BufferedUpload {
  fields: Record<string, string>;
  file: { filename: string; data: Buffer } | null;
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
        if (data.length > 0) file = { filename: part.filename, data };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  return { fields, file };
}

export type FileKind = 'png' | 'jpg' | 'webp' | 'pdf' | 'xml';

/** What a file is, from its first bytes (never from its name or the type the client claims). */
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
