import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

export type FileKind = 'png' | 'jpg' | 'webp' | 'pdf';

export const contentTypes: Record<FileKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The type from the first bytes of the file: the name and the declared type are the client's word, not proof. */
export function sniff(data: Buffer): FileKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (data.length >= 5 && data.toString('ascii', 0, 5) === '%PDF-') return 'pdf';
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
  new HttpError(413, {
    msg: `O arquivo é grande demais: o limite é ${megabytes(rule.maxBytes)}.`,
    code: 'file-too-large',
  });
export const wrongType = (rule: FileRule) =>
  new HttpError(415, { msg: `Tipo de arquivo não aceito: envie ${rule.describe}.`, code: 'file-type' });

const notMultipart = () =>
  new HttpError(415, { msg: 'Envie os dados como um formulário multipart.', code: 'unsupported-media-type' });

/**
 * The text fields and at most one file (field `file`) of a multipart request. The file is read up to the rule's
 * limit (a bigger one answers 413) and its type is checked from its content (another answers 415).
 */
export async function readMultipart(
  request: FastifyRequest,
  rule: FileRule | null,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw notMultipart();
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
    const kind = sniff(data);
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
