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
import { eq } from 'drizzle-orm';
import { extraPointGrants } from '../../db/schema';
import type { App } from '../../http/zod';
import { pageOrFileSchema } from '../../jobs';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { campaignById, campaignsPage, type GrantFilters, grantsPage, grantsSheet } from './queries';
import {
  addToProfessionals,
  changeCampaignStatus,
  createCampaign,
  findCampaign,
  grantedTo,
  removeFromProfessional,
  updateCampaign,
  updateGrant,
} from './service';

const admin = { guard: ['admin'] as ['admin'] };
export async function extraPointRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const grantExports = deps.tasks.exports('export:extra-points', (query: GrantFilters) => grantsSheet(db, query));

  const campaignOf = (id: string) => campaignById(db, id);

  app.get(
    '/cms/points-extra/get-all',
    { config: admin, schema: { querystring: campaignsQuerySchema, response: { 200: campaignsPageSchema } } },
    (request) => campaignsPage(db, request.query),
  );

  app.post(
    '/cms/points-extra/create',
    { config: admin, schema: { body: createCampaignBodySchema, response: { 200: withMessage(campaignSchema) } } },
    async (request) => {
      const id = await createCampaign(db, principalOf(request), request.body);
      return { msg: extraPointMessages.created, item: await campaignOf(id) };
    },
  );

  app.post(
    '/cms/points-extra/update',
    { config: admin, schema: { body: updateCampaignBodySchema, response: { 200: withMessage(campaignSchema) } } },
    async (request) => {
      const { id } = request.body;
      await updateCampaign(db, principalOf(request), request.body);
      return { msg: extraPointMessages.updated, item: await campaignOf(id) };
    },
  );

  app.post(
    '/cms/points-extra/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, active } = request.body;
      await changeCampaignStatus(db, principalOf(request), id, active);
      return { msg: active ? 'Campanha ativada com sucesso!' : 'Campanha desativada com sucesso!' };
    },
  );

  app.get(
    '/cms/points-extra/get-extract',
    { config: admin, schema: pageOrFileSchema(extractGrantsQuerySchema, grantsPageSchema) },
    async (request, reply) => {
      const stamp = deps.now().toISOString().slice(0, 10);
      return grantExports.pageOrFile(request, reply, request.query, `pontos-extras-${stamp}`, (query) =>
        grantsPage(db, query),
      );
    },
  );

  app.post(
    '/cms/points-extra/update-extract',
    { config: admin, schema: { body: updateGrantBodySchema, response: { 200: withMessage(grantSchema) } } },
    async (request) => {
      const { id, active, reason } = request.body;
      await updateGrant(db, principalOf(request), id, active, reason);
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
      const added = await addToProfessionals(
        db,
        deps.jobs,
        principalOf(request),
        idExtraPoint,
        idProfessionals,
        deps.now(),
      );
      const skipped = new Set(idProfessionals).size - added;
      return { msg: grantedTo(added), added, skipped };
    },
  );

  app.post(
    '/cms/points-extra/remove-extra-point-in-professional',
    { config: admin, schema: { body: removeFromProfessionalBodySchema, response: { 200: removedCountSchema } } },
    async (request) => {
      const { idExtraPoint, idProfessional } = request.body;
      const removed = await removeFromProfessional(db, principalOf(request), idExtraPoint, idProfessional);
      return { msg: 'Pontos extras removidos do profissional.', removed };
    },
  );
}
