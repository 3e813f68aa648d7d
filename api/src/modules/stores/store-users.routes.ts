import {
  approvalMessages,
  idParamsSchema,
  inviteBodySchema,
  inviteQuerySchema,
  inviteSchema,
  type inviteSorts,
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
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { professionals, storeInvites, stores, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { type Principal, principalOf } from '../../plugins/auth';
import { issuerOf } from '../ledger/service';
import { findStore, storeOfShopkeeper, storeUserOut, storeUsersPage } from './queries';

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
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(storeUsers).where(eq(storeUsers.id, id));
        if (!before) throw fail.notFound('Usuário da loja não encontrado.');
        // Deactivating, or changing the e-mail someone signs in with, ends the sessions already open.
        const revoke = changes.active === false || (changes.email && changes.email !== before.email);
        const [after] = await tx
          .update(storeUsers)
          .set({
            ...changes,
            ...(revoke ? { tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(storeUsers.id, id))
          .returning()
          .catch((error) => {
            if (isUniqueViolation(error)) {
              throw fail.conflict('Este e-mail já é usado por outro usuário desta loja.', 'email-taken');
            }
            throw error;
          });
        await audit(tx, principalOf(request), { action: 'update', entity: 'store-user', entityId: id, before, after });
      });
      const [item] = await storeUserById(db, id);
      if (!item) throw fail.notFound('Usuário da loja não encontrado.');
      return { msg: 'Usuário atualizado com sucesso!', item };
    },
  );

  // A shopkeeper who signed up alone waits for this (domain: shopkeeper accounts); a refusal also closes the
  // account and ends its sessions.
  app.post(
    '/cms/stores/approve-store-user',
    { config: admin, schema: { body: storeUserApprovalBodySchema, response: { 200: withMessage(storeUserSchema) } } },
    async (request) => {
      const { id, approval } = request.body;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(storeUsers).where(eq(storeUsers.id, id));
        if (!before) throw fail.notFound('Usuário da loja não encontrado.');
        if (before.approval !== 'pending') throw fail.conflict(approvalMessages.notPending, 'approval-decided');
        const refused = approval === 'refused';
        const [after] = await tx
          .update(storeUsers)
          .set({
            approval,
            ...(refused ? { active: false, tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(storeUsers.id, id))
          .returning();
        await audit(tx, principalOf(request), {
          action: approval === 'approved' ? 'approve' : 'refuse',
          entity: 'store-user',
          entityId: id,
          before: { approval: before.approval, active: before.active },
          after: { approval: after?.approval, active: after?.active },
        });
      });
      const [item] = await storeUserById(db, id);
      if (!item) throw fail.notFound('Usuário da loja não encontrado.');
      return { msg: approval === 'approved' ? approvalMessages.approved : approvalMessages.refused, item };
    },
  );

  const invitesOf = (filters: SQL | undefined, query: ListPageQuery<InviteSort>) =>
    invitesPage(db, deps.publicUrl, filters, query);

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

  async function invite(principal: Principal, form: { storeId: string; email: string; name: string }) {
    const store = await findStore(db, form.storeId);
    if (!store.active) throw fail.invalid('Esta loja está inativa e não pode convidar.', 'store-inactive');
    // An address invited by this store within a day is not written to again: the answer says so, and no e-mail
    // goes, so that inviting cannot be used to flood somebody's mailbox.
    const sent = await db
      .insert(storeInvites)
      .values({ ...form, invitedBy: issuerOf(principal) })
      .onConflictDoUpdate({
        target: [storeInvites.storeId, storeInvites.email],
        set: { name: form.name, invitedBy: issuerOf(principal), createdAt: new Date() },
        setWhere: sql`${storeInvites.createdAt} < now() - interval '1 day'`,
      })
      .returning({ id: storeInvites.id });
    const [item] = (
      await invitesOf(and(eq(storeInvites.storeId, form.storeId), eq(storeInvites.email, form.email)), {
        limit: 1,
        page: 1,
      })
    ).items;
    if (!item) throw new Error('invite not saved');
    if (sent.length === 0) return { msg: inviteRecentlySent, item };
    // Only the programme's words and the store's registered name: the name the sender typed for the invitee is
    // free text, which an e-mail must not carry as if the programme said it.
    deps.mailer.enqueue({
      to: form.email,
      subject: `${store.name} convida você para o Especifica`,
      text: `Olá!\n\n${store.name} convida você para o Especifica, o programa de pontos para profissionais de arquitetura, engenharia e design de interiores.\n\nCadastre-se em: ${item.signUpUrl}\n`,
      html: `<p>Olá!</p><p>${escapeHtml(store.name)} convida você para o Especifica, o programa de pontos para profissionais de arquitetura, engenharia e design de interiores.</p><p><a href="${escapeHtml(item.signUpUrl)}">Cadastre-se</a></p>`,
    });
    if (principal.role === 'admin') {
      await audit(db, principal, { action: 'invite', entity: 'store-invite', entityId: item.id, after: item });
    }
    return { msg: 'Profissional convidado com sucesso!', item };
  }
}

const inviteRecentlySent =
  'Este e-mail já recebeu um convite desta loja nas últimas 24 horas; um novo convite poderá ser enviado amanhã.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function storeUserById(db: Db, id: string) {
  const rows = await db
    .select({
      user: storeUsers,
      storeName: stores.name,
      storeCnpj: stores.cnpj,
      points: sql<string>`(select coalesce(sum(amount), 0) from ledger_entries
        where participant_kind = 'shopkeeper' and participant_id = ${outer(storeUsers.id)})`,
    })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(eq(storeUsers.id, id));
  return rows.map(storeUserOut);
}

type InviteSort = (typeof inviteSorts)[number];

function invitesPage(db: Db, publicUrl: string, filters: SQL | undefined, query: ListPageQuery<InviteSort>) {
  return listPage(
    query,
    {
      rows: db
        .select({
          invite: storeInvites,
          storeName: stores.name,
          accepted: sql<boolean>`${storeInvites.acceptedAt} is not null or exists (
          select 1 from ${professionals} p where p.email = ${outer(storeInvites.email)} and p.status = 'active')`,
        })
        .from(storeInvites)
        .innerJoin(stores, eq(stores.id, storeInvites.storeId))
        .$dynamic(),
      count: db.select({ total: count() }).from(storeInvites).$dynamic(),
      where: [filters],
      search: [storeInvites.email, storeInvites.name],
      order: [desc(storeInvites.createdAt), storeInvites.id],
      sortable: { name: storeInvites.name, email: storeInvites.email, createdAt: storeInvites.createdAt },
      id: storeInvites.id,
    },
    ({ invite, storeName, accepted }) => {
      const link = new URL('/sign-up-profissional', publicUrl);
      link.searchParams.set('referenceStore', invite.storeId);
      link.searchParams.set('email', invite.email);
      return {
        id: invite.id,
        storeId: invite.storeId,
        storeName,
        email: invite.email,
        name: invite.name,
        invitedBy: invite.invitedBy,
        accepted: Boolean(accepted),
        createdAt: invite.createdAt.toISOString(),
        signUpUrl: link.toString(),
      };
    },
  );
}
