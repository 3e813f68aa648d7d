import {
  changeStatusBodySchema,
  cmsUserSchema,
  cmsUsersPageSchema,
  cmsUsersQuerySchema,
  createCmsUserBodySchema,
  messageSchema,
  updateCmsUserBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { cmsUserOut, cmsUsersPage } from './queries';
import { changeCmsUserStatus, createCmsUser, updateCmsUser } from './service';

export async function cmsUserRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/users/get-all',
    { config: admin, schema: { querystring: cmsUsersQuerySchema, response: { 200: cmsUsersPageSchema } } },
    (request) => cmsUsersPage(db, request.query),
  );

  app.post(
    '/cms/users/create',
    { config: admin, schema: { body: createCmsUserBodySchema, response: { 200: withMessage(cmsUserSchema) } } },
    async (request) => {
      const row = await createCmsUser(db, principalOf(request), deps.argon2, request.body);
      return { msg: userMessages.created, item: cmsUserOut(row) };
    },
  );

  app.post(
    '/cms/users/update',
    { config: admin, schema: { body: updateCmsUserBodySchema, response: { 200: withMessage(cmsUserSchema) } } },
    async (request) => {
      const { id, ...fields } = request.body;
      const row = await updateCmsUser(db, principalOf(request), deps.argon2, id, fields);
      return { msg: userMessages.updated, item: cmsUserOut(row) };
    },
  );

  app.post(
    '/cms/users/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeCmsUserStatus(db, principalOf(request), id, active);
      return { msg: active ? 'Usuário ativado com sucesso!' : 'Usuário desativado com sucesso!' };
    },
  );
}
