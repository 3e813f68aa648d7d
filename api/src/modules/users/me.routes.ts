import { adminProfileSchema, adminUpdateMeSchema, profileUpdatedSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { profileUpdated } from '../auth';
import { ownAdmin } from './queries';
import { updateOwnAdmin } from './service';

/** The admin's own account (spec 7.4 me, update-me); the list and other admins belong to the user management. */
export async function cmsUserMeRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/cms/users/me',
    { config: { guard: ['admin'] }, schema: { response: { 200: adminProfileSchema } } },
    async (request) => {
      const row = await ownAdmin(deps.db, principalOf(request).id);
      return { id: row.id, name: row.name, email: row.email, profileImage: row.profileImage };
    },
  );

  app.post(
    '/cms/users/update-me',
    { config: { guard: ['admin'] }, schema: { body: adminUpdateMeSchema, response: { 200: profileUpdatedSchema } } },
    async (request) => {
      const row = await ownAdmin(deps.db, principalOf(request).id);
      const { updated, passwordChanged } = await updateOwnAdmin(deps.db, deps, row, request.body);
      return profileUpdated(deps, 'Usuário atualizado com sucesso!', { ...updated, role: 'admin' }, passwordChanged);
    },
  );
}
