import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../storage';
import { fail } from './errors';

/** The picture types the API stores (an upload is known by its bytes), by the stored name's extension. */
export const pictureTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/**
 * Sends a record's stored picture (an experience's, a product's), or 404: public, since <img> tags send no token,
 * cached an hour (its address carries the record's version), and never sniffed as another type.
 */
export async function sendPicture(storage: FileStorage, reply: FastifyReply, key: string | null) {
  const data = key ? await storage.get(key) : null;
  if (!key || !data) throw fail.notFound('Imagem não encontrada.');
  return reply
    .type(pictureTypes[key.split('.').pop() ?? ''] ?? 'application/octet-stream')
    .header('cache-control', 'public, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}
