import { adminProfileSchema, adminUpdateMeSchema, profileUpdatedSchema } from '@especifica/mf-shared/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { adminUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../plugins/auth';
import { newPasswordHash } from '../auth/sign-up.service';

/** The admin's own account (spec 7.4 me, update-me); the list and other admins belong to the user management. */
export async function cmsUserMeRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/cms/users/me',
    { config: { guard: ['admin'] }, schema: { response: { 200: adminProfileSchema } } },
    async (request) => {
      const [row] = await deps.db
        .select()
        .from(adminUsers)
        .where(eq(adminUsers.id, principalOf(request).id));
      if (!row) throw fail.invalidId();
      return { id: row.id, name: row.name, email: row.email, profileImage: row.profileImage };
    },
  );

  app.post(
    '/cms/users/update-me',
    { config: { guard: ['admin'] }, schema: { body: adminUpdateMeSchema, response: { 200: profileUpdatedSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const [row] = await deps.db.select().from(adminUsers).where(eq(adminUsers.id, principal.id));
      if (!row) throw fail.invalidId();
      const body = request.body;
      const [other] = await deps.db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(and(eq(adminUsers.email, body.email), ne(adminUsers.id, row.id)));
      if (other) throw fail.field('email', 'Este e-mail já está cadastrado.', 409, 'email-taken');
      const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
      const [updated] = await deps.db
        .update(adminUsers)
        .set({
          name: body.name,
          email: body.email,
          ...(passwordHash ? { passwordHash, tokenVersion: sql`${adminUsers.tokenVersion} + 1` } : {}),
        })
        .where(eq(adminUsers.id, row.id))
        .returning();
      if (!updated) throw fail.invalidId();
      return {
        msg: 'Usuário atualizado com sucesso!',
        user: { name: updated.name, email: updated.email, profileImage: updated.profileImage },
        ...(passwordHash
          ? { accessToken: deps.tokens.sign({ sub: updated.id, role: 'admin', tv: updated.tokenVersion }) }
          : {}),
      };
    },
  );
}
