import { profileImageSchema, type Role } from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { contentTypes, type FileKind, readMultipart, rules } from '../../kernel/uploads';
import { setProfileImage } from './service';

const imageName = z.object({ name: z.string().check(z.regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/)) });

export async function profileImageRoutes(app: App, deps: AccountDeps) {
  const route = (url: string, guard: [Role, ...Role[]]) =>
    app.post(url, { config: { guard }, schema: { response: { 200: profileImageSchema } } }, async (request) => {
      const principal = principalOf(request);
      await deps.limiter.hit(request, 'uploadAccount', `${principal.role}:${principal.id}`);
      const { file } = await readMultipart(request, rules.profileImage);
      if (!file) throw fail.badRequest('Envie uma imagem.', 'file-missing');
      const profileImage = await setProfileImage(deps, principal.role, principal.id, file);
      return { msg: 'Imagem atualizada com sucesso!', profileImage };
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
