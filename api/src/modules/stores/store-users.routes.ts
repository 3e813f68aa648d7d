import {
  idParamsSchema,
  inviteBodySchema,
  inviteQuerySchema,
  inviteSchema,
  invitesPageSchema,
  invitesQuerySchema,
  shopkeeperInvitesQuerySchema,
  storeTeamQuerySchema,
  storeUserApprovalBodySchema,
  storeUserSchema,
  storeUsersPageSchema,
  storeUsersQuerySchema,
  updateStoreUserBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { eq, type SQL } from 'drizzle-orm';
import { z } from 'zod/mini';
import { storeInvites } from '../../db/schema';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import type { ListPageQuery } from '../../kernel/list';
import { type Principal, principalOf } from '../../kernel/principal';
import { findStore, type InviteSort, storeOfShopkeeper, storeUsersPage } from './queries';
import { decideApproval, inviteToStore, storeInvitesPage, updateStoreUser } from './store-users.service';

const shopkeeperInviteBodySchema = z.object({ form: z.omit(inviteBodySchema.shape.form, { storeId: true }) });

export async function storeUserRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/stores/get-all-stores-users',
    { config: admin, schema: { querystring: storeUsersQuerySchema, response: { 200: storeUsersPageSchema } } },
    (request) => storeUsersPage(db, request.query),
  );

  app.get(
    '/cms/stores/:id/get-users',
    {
      config: admin,
      schema: { params: idParamsSchema, querystring: storeTeamQuerySchema, response: { 200: storeUsersPageSchema } },
    },
    async (request) => {
      await findStore(db, request.params.id);
      return storeUsersPage(db, { ...request.query, storeId: request.params.id });
    },
  );

  app.post(
    '/cms/stores/update-store-user',
    { config: admin, schema: { body: updateStoreUserBodySchema, response: { 200: withMessage(storeUserSchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      const item = await updateStoreUser(db, principalOf(request), id, changes);
      return { msg: 'Usuário atualizado com sucesso!', item };
    },
  );

  // A shopkeeper who signed up alone waits for this (domain: shopkeeper accounts); a refusal also closes the
  // account and ends its sessions.
  app.post(
    '/cms/stores/approve-store-user',
    { config: admin, schema: { body: storeUserApprovalBodySchema, response: { 200: withMessage(storeUserSchema) } } },
    (request) => decideApproval(deps, principalOf(request), request.body.id, request.body.approval),
  );

  const invitesOf = (filters: SQL | undefined, query: ListPageQuery<InviteSort>) =>
    storeInvitesPage(deps, filters, query);

  app.get(
    '/cms/stores/invites/get-all',
    { config: admin, schema: { querystring: invitesQuerySchema, response: { 200: invitesPageSchema } } },
    (request) =>
      invitesOf(request.query.storeId ? eq(storeInvites.storeId, request.query.storeId) : undefined, request.query),
  );

  app.get(
    '/cms/stores/invites/get-one',
    { config: admin, schema: { querystring: inviteQuerySchema, response: { 200: inviteSchema } } },
    async (request) => {
      const [invite] = (await invitesOf(eq(storeInvites.id, request.query.id), { limit: 1, page: 1 })).items;
      if (!invite) throw fail.notFound('Convite não encontrado.');
      return invite;
    },
  );

  app.post(
    '/cms/stores/invites/invite',
    { config: admin, schema: { body: inviteBodySchema, response: { 200: withMessage(inviteSchema) } } },
    async (request) => invite(principalOf(request), request.body.form),
  );

  // A shopkeeper invites professionals to their own store (the Invites item of the shopkeeper's menu).
  app.get(
    '/shopkeeper/invites/get-all',
    {
      config: { guard: ['shopkeeper'] },
      schema: { querystring: shopkeeperInvitesQuerySchema, response: { 200: invitesPageSchema } },
    },
    async (request) => {
      const storeId = await storeOfShopkeeper(db, principalOf(request));
      return invitesOf(eq(storeInvites.storeId, storeId), request.query);
    },
  );

  app.post(
    '/shopkeeper/invites/invite',
    {
      config: { guard: ['shopkeeper'] },
      schema: { body: shopkeeperInviteBodySchema, response: { 200: withMessage(inviteSchema) } },
    },
    async (request) => {
      const principal = principalOf(request);
      await deps.limiter.hit(request, 'inviteAccount', principal.id);
      await deps.limiter.hit(request, 'inviteIp', request.ip);
      const storeId = await storeOfShopkeeper(db, principal);
      return invite(principal, { ...request.body.form, storeId });
    },
  );

  const invite = (principal: Principal, form: { storeId: string; email: string; name: string }) =>
    inviteToStore(deps, principal, form);
}
