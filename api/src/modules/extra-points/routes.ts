import {
  addToProfessionalsBodySchema,
  campaignMembersQuerySchema,
  campaignSchema,
  campaignsPageSchema,
  campaignsQuerySchema,
  changeStatusBodySchema,
  createCampaignBodySchema,
  extractGrantsQuerySchema,
  extraPointMessages,
  grantCountSchema,
  grantSchema,
  grantsPageSchema,
  idParamsSchema,
  messageSchema,
  removedCountSchema,
  removeFromProfessionalBodySchema,
  updateCampaignBodySchema,
  updateGrantBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import { outer } from '../../db/rows';
import { extraPointCampaigns, extraPointGrants } from '../../db/schema';
import { fromHundredths, toHundredths } from '../../domain/points';
import { sendExport } from '../../files/export';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { listPage } from '../../kernel/list';
import { principalOf } from '../../plugins/auth';
import { issuerOf } from '../ledger/service';
import { grantsPage, grantsSheet } from './queries';
import { findCampaign, grant, newQrCode, professionalsIn, refuseClosed, revoke } from './service';

const admin = { guard: ['admin'] as ['admin'] };
const grantedCount = sql<number>`(select count(*) from ${extraPointGrants} g
  where g.campaign_id = ${outer(extraPointCampaigns.id)} and g.status = 'granted')::int`;

const campaignOut = (row: typeof extraPointCampaigns.$inferSelect & { granted: number }) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  points: fromHundredths(row.amount),
  audience: row.audience,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  active: row.active,
  granted: Number(row.granted),
  qrCode: row.qrCode,
  createdAt: row.createdAt.toISOString(),
});

export async function extraPointRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  async function campaignById(id: string) {
    const [row] = await db
      .select({ ...columns(), granted: grantedCount })
      .from(extraPointCampaigns)
      .where(eq(extraPointCampaigns.id, id));
    if (!row) throw fail.notFound(extraPointMessages.notFound);
    return campaignOut(row);
  }

  app.get(
    '/cms/points-extra/get-all',
    { config: admin, schema: { querystring: campaignsQuerySchema, response: { 200: campaignsPageSchema } } },
    async (request) => {
      const query = request.query;
      return listPage(
        query,
        {
          rows: db
            .select({ ...columns(), granted: grantedCount })
            .from(extraPointCampaigns)
            .$dynamic(),
          count: db.select({ total: count() }).from(extraPointCampaigns).$dynamic(),
          where: [
            query.active !== undefined ? eq(extraPointCampaigns.active, query.active) : undefined,
            query.audience ? eq(extraPointCampaigns.audience, query.audience) : undefined,
          ],
          search: [extraPointCampaigns.name],
          order: [desc(extraPointCampaigns.startsAt), extraPointCampaigns.id],
          sortable: {
            name: extraPointCampaigns.name,
            startsAt: extraPointCampaigns.startsAt,
            endsAt: extraPointCampaigns.endsAt,
            points: extraPointCampaigns.amount,
            createdAt: extraPointCampaigns.createdAt,
          },
          id: extraPointCampaigns.id,
        },
        campaignOut,
      );
    },
  );

  app.post(
    '/cms/points-extra/create',
    { config: admin, schema: { body: createCampaignBodySchema, response: { 200: withMessage(campaignSchema) } } },
    async (request) => {
      const { points, startsAt, endsAt, ...rest } = request.body;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(extraPointCampaigns)
          .values({
            ...rest,
            amount: toHundredths(points),
            startsAt: new Date(startsAt),
            endsAt: new Date(endsAt),
            qrCode: newQrCode(),
          })
          .returning();
        if (!row) throw new Error('campaign not created');
        await audit(tx, principalOf(request), {
          action: 'create',
          entity: 'extra-point',
          entityId: row.id,
          after: row,
        });
        return row.id;
      });
      return { msg: extraPointMessages.created, item: await campaignById(id) };
    },
  );

  app.post(
    '/cms/points-extra/update',
    { config: admin, schema: { body: updateCampaignBodySchema, response: { 200: withMessage(campaignSchema) } } },
    async (request) => {
      const { id, points, startsAt, endsAt, ...rest } = request.body;
      await db.transaction(async (tx) => {
        const before = await findCampaign(tx, id);
        const amount = points === undefined ? before.amount : toHundredths(points);
        if (amount !== before.amount && (await tx.$count(extraPointGrants, eq(extraPointGrants.campaignId, id))) > 0) {
          throw fail.conflict('Os pontos de uma campanha que já foi concedida não podem mudar.', 'campaign-granted');
        }
        const next = {
          ...rest,
          amount,
          startsAt: startsAt ? new Date(startsAt) : before.startsAt,
          endsAt: endsAt ? new Date(endsAt) : before.endsAt,
        };
        if (next.endsAt <= next.startsAt)
          throw fail.badRequest('A data final precisa ser depois da inicial.', 'validation');
        const [after] = await tx
          .update(extraPointCampaigns)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(extraPointCampaigns.id, id))
          .returning();
        await audit(tx, principalOf(request), { action: 'update', entity: 'extra-point', entityId: id, before, after });
      });
      return { msg: extraPointMessages.updated, item: await campaignById(id) };
    },
  );

  app.post(
    '/cms/points-extra/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await db.transaction(async (tx) => {
        const before = await findCampaign(tx, id);
        await tx
          .update(extraPointCampaigns)
          .set({ active, updatedAt: new Date() })
          .where(eq(extraPointCampaigns.id, id));
        await audit(tx, principalOf(request), {
          action: 'change-status',
          entity: 'extra-point',
          entityId: id,
          before: { active: before.active },
          after: { active },
        });
      });
      return { msg: active ? 'Campanha ativada com sucesso!' : 'Campanha desativada com sucesso!' };
    },
  );

  app.get(
    '/cms/points-extra/get-extract',
    { config: admin, schema: { querystring: extractGrantsQuerySchema, response: { 200: grantsPageSchema } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      if (format) {
        const stamp = deps.now().toISOString().slice(0, 10);
        return sendExport(reply, grantsSheet(db, query), format, `pontos-extras-${stamp}`);
      }
      return grantsPage(db, query);
    },
  );

  app.post(
    '/cms/points-extra/update-extract',
    { config: admin, schema: { body: updateGrantBodySchema, response: { 200: withMessage(grantSchema) } } },
    async (request) => {
      const { id, active, reason } = request.body;
      const principal = principalOf(request);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(extraPointGrants).where(eq(extraPointGrants.id, id));
        if (!before) throw fail.notFound('Concessão de pontos extras não encontrada.');
        if (active === false && before.status === 'granted') {
          const campaign = await findCampaign(tx, before.campaignId);
          await revoke(tx, campaign, sql`${id}::uuid`, issuerOf(principal), reason ?? 'removido pela administração');
        } else if (reason !== undefined) {
          await tx.update(extraPointGrants).set({ reason }).where(eq(extraPointGrants.id, id));
        }
        const [after] = await tx.select().from(extraPointGrants).where(eq(extraPointGrants.id, id));
        await audit(tx, principal, {
          action: 'update-grant',
          entity: 'extra-point-grant',
          entityId: id,
          before,
          after,
        });
      });
      const [item] = (await grantsPage(db, { limit: 1, page: 1 }, eq(extraPointGrants.id, id))).items;
      if (!item) throw fail.notFound('Concessão de pontos extras não encontrada.');
      return { msg: extraPointMessages.updated, item };
    },
  );

  app.get(
    '/cms/points-extra/:id',
    {
      config: admin,
      schema: { params: idParamsSchema, querystring: campaignMembersQuerySchema, response: { 200: grantsPageSchema } },
    },
    async (request) => {
      await findCampaign(db, request.params.id);
      return grantsPage(db, { ...request.query, campaignId: request.params.id, type: 'professional' });
    },
  );

  app.post(
    '/cms/points-extra/add-extra-point-in-professional',
    {
      config: admin,
      // 100,000 ids are about 4 MB of JSON.
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: addToProfessionalsBodySchema, response: { 200: grantCountSchema } },
    },
    async (request) => {
      const { idExtraPoint, idProfessionals } = request.body;
      const principal = principalOf(request);
      const added = await db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, idExtraPoint);
        refuseClosed(campaign, deps.now(), 'professional');
        const count = await grant(tx, campaign, professionalsIn(idProfessionals), 'admin', issuerOf(principal));
        await audit(tx, principal, {
          action: 'add-to-professionals',
          entity: 'extra-point',
          entityId: idExtraPoint,
          after: { asked: idProfessionals.length, added: count },
        });
        return count;
      });
      const skipped = new Set(idProfessionals).size - added;
      return { msg: `Pontos extras concedidos a ${added} profissionais.`, added, skipped };
    },
  );

  app.post(
    '/cms/points-extra/remove-extra-point-in-professional',
    { config: admin, schema: { body: removeFromProfessionalBodySchema, response: { 200: removedCountSchema } } },
    async (request) => {
      const { idExtraPoint, idProfessional } = request.body;
      const principal = principalOf(request);
      const removed = await db.transaction(async (tx) => {
        const campaign = await findCampaign(tx, idExtraPoint);
        const which = sql`select id from extra_point_grants where campaign_id = ${idExtraPoint}
          and participant_kind = 'professional' and participant_id = ${idProfessional}`;
        const count = await revoke(tx, campaign, which, issuerOf(principal), 'removido pela administração');
        if (count === 0) throw fail.notFound('Este profissional não tem os pontos desta campanha.');
        await audit(tx, principal, {
          action: 'remove-from-professional',
          entity: 'extra-point',
          entityId: idExtraPoint,
          before: { professional: idProfessional, status: 'granted' },
          after: { professional: idProfessional, status: 'removed' },
        });
        return count;
      });
      return { msg: 'Pontos extras removidos do profissional.', removed };
    },
  );
}

const columns = () => ({
  id: extraPointCampaigns.id,
  name: extraPointCampaigns.name,
  description: extraPointCampaigns.description,
  amount: extraPointCampaigns.amount,
  audience: extraPointCampaigns.audience,
  startsAt: extraPointCampaigns.startsAt,
  endsAt: extraPointCampaigns.endsAt,
  active: extraPointCampaigns.active,
  qrCode: extraPointCampaigns.qrCode,
  createdAt: extraPointCampaigns.createdAt,
  updatedAt: extraPointCampaigns.updatedAt,
});
