import { profileImageSchema, type Role } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { adminUsers, professionals, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { contentTypes, type FileKind, readMultipart, rules, storageKeyFor } from '../../kernel/uploads';
import { principalOf } from '../../plugins/auth';
import { isStorageKey } from '../../storage';

const PUBLIC_PREFIX = '/api/files/';
const tables = { admin: adminUsers, professional: professionals, shopkeeper: storeUsers } as const;

/** Replaces the caller's picture; the old file goes once the new one is recorded. */
async function setProfileImage(
  deps: AccountDeps,
  role: Role,
  id: string,
  request: Parameters<typeof readMultipart>[0],
) {
  const { file } = await readMultipart(request, rules.profileImage);
  if (!file) throw fail.badRequest('Envie uma imagem.', 'file-missing');
  const key = storageKeyFor('avatars', file.kind);
  await deps.storage.put(key, file.data);
  const table = tables[role];
  const url = `${PUBLIC_PREFIX}${key}`;
  try {
    const [before] = await deps.db.select({ profileImage: table.profileImage }).from(table).where(eq(table.id, id));
    if (!before) throw fail.invalidId();
    await deps.db.update(table).set({ profileImage: url }).where(eq(table.id, id));
    const old = before.profileImage?.startsWith(PUBLIC_PREFIX) ? before.profileImage.slice(PUBLIC_PREFIX.length) : null;
    if (old && isStorageKey(old)) await deps.storage.delete(old).catch(() => undefined);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { msg: 'Imagem atualizada com sucesso!', profileImage: url };
}

const imageName = z.object({ name: z.string().check(z.regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/)) });

export async function profileImageRoutes(app: App, deps: AccountDeps) {
  const route = (url: string, guard: [Role, ...Role[]]) =>
    app.post(url, { config: { guard }, schema: { response: { 200: profileImageSchema } } }, async (request) => {
      const principal = principalOf(request);
      await deps.limiter.hit(request, 'uploadAccount', `${principal.role}:${principal.id}`);
      return setProfileImage(deps, principal.role, principal.id, request);
    });
  route('/professionals/set-profile-image', ['professional', 'shopkeeper']);
  route('/cms/users/set-profile-image', ['admin']);

  // Pictures are shown to anybody who sees the person (header, rankings); the names are random and unguessable.
  // Other uploads (the ABD certificate) are never served here.
  app.get(
    '/files/avatars/:name',
    { config: { guard: 'public' }, schema: { params: imageName } },
    async (request, reply) => {
      const key = `avatars/${request.params.name}`;
      const data = await deps.storage.get(key);
      if (!data) throw fail.notFound('Recurso não encontrado.');
      const kind = request.params.name.split('.').pop() as FileKind;
      return reply
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'")
        .type(contentTypes[kind])
        .send(data);
    },
  );
}
