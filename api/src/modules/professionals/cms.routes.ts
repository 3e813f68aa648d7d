import {
  type AdminProfessionalsQuery,
  adjustmentMessages,
  adjustPointsBodySchema,
  adminProfessionalSchema,
  adminProfessionalsExportQuerySchema,
  adminProfessionalsPageSchema,
  adminProfessionalsQuerySchema,
  createProfessionalByAdminBodySchema,
  idBodySchema,
  messageSchema,
  professionalBehaviourBodySchema,
  taskSchema,
  updateProfessionalByAdminBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import { parseBody } from '../../kernel/body';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { formIfMultipart, withUploads } from '../../kernel/uploads';
import { levelRules } from '../ledger';
import { erasedEarlier } from '../privacy';
import {
  adminProfessionalById,
  adminProfessionalFilters,
  adminProfessionalsPage,
  adminProfessionalsSheet,
} from './queries';
import {
  adjustProfessionalPoints,
  changeProfessionalBehaviour,
  createProfessionalByAdmin,
  updateProfessionalByAdmin,
} from './service';

export async function professionalAdminRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };
  const one = (id: string) => adminProfessionalById(db, deps.now(), id);
  // Built again by the job from the same filters and clock when the list is too long to stream.
  const exports = deps.tasks.exports(
    'export:professionals',
    async ({ query, at }: { query: Partial<AdminProfessionalsQuery>; at: string }) => {
      const now = new Date(at);
      return adminProfessionalsSheet(db, now, adminProfessionalFilters(query, await levelRules(db), now));
    },
  );

  app.get(
    '/cms/professionals/get-all',
    {
      config: admin,
      schema: { querystring: adminProfessionalsQuerySchema, response: { 200: adminProfessionalsPageSchema } },
    },
    async (request) => {
      const now = deps.now();
      // The levels are read first only for a filter by level; otherwise along with the page.
      const rules = request.query.levelId ? await levelRules(db) : undefined;
      const where = adminProfessionalFilters(request.query, rules ?? [], now);
      return adminProfessionalsPage(db, now, where, request.query, rules);
    },
  );

  // The list as filtered, every row, as CSV or XLSX.
  app.get(
    '/cms/professionals/export',
    { config: admin, schema: { querystring: adminProfessionalsExportQuerySchema, response: { 202: taskSchema } } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const input = { query, at: deps.now().toISOString() };
      return exports.send(request, reply, input, { format, name: 'profissionais' });
    },
  );

  // One professional's page in the CMS: the same fields as a row of the list.
  app.get(
    '/cms/professionals/get-one',
    { config: admin, schema: { querystring: idBodySchema, response: { 200: adminProfessionalSchema } } },
    async (request) => {
      const professional = await one(request.query.id);
      return {
        ...professional,
        returnedAfterErasure: await erasedEarlier(db, deps.config.jwtSecret, professional),
      };
    },
  );

  app.post(
    '/cms/professionals/create',
    {
      config: admin,
      schema: { body: createProfessionalByAdminBodySchema, response: { 200: withMessage(adminProfessionalSchema) } },
    },
    async (request) => {
      const id = await createProfessionalByAdmin(deps, principalOf(request), request.body);
      return { msg: userMessages.created, item: await one(id) };
    },
  );

  await withUploads(app, (forms) => {
    // The spec sends this one as a multipart form; JSON is taken too.
    forms.post(
      '/cms/professionals/update',
      { config: admin, schema: { response: { 200: withMessage(adminProfessionalSchema) } } },
      async (request) => {
        const raw = (await formIfMultipart(request, 1024 * 1024))?.fields ?? request.body;
        const body = parseBody(updateProfessionalByAdminBodySchema, raw ?? {});
        await updateProfessionalByAdmin(db, principalOf(request), body);
        return { msg: userMessages.professionalUpdated, item: await one(body.id) };
      },
    );
  });

  app.post(
    '/cms/professionals/change-status',
    { config: admin, schema: { body: professionalBehaviourBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      const { id, behaviour } = request.body;
      await changeProfessionalBehaviour(db, principalOf(request), id, behaviour);
      const messages = {
        active: 'Profissional ativado com sucesso!',
        inactive: 'Profissional desativado com sucesso!',
        blocked: 'Profissional bloqueado com sucesso!',
      };
      return { msg: messages[behaviour] };
    },
  );

  // Idempotent with the form's key: the same request again answers the same, with one ledger entry.
  app.post(
    '/cms/professionals/adjust-points',
    {
      config: admin,
      schema: { body: adjustPointsBodySchema, response: { 200: withMessage(adminProfessionalSchema) } },
    },
    async (request) => {
      const { professionalId, points } = request.body;
      await adjustProfessionalPoints(db, principalOf(request), request.body, deps.now());
      return { msg: points > 0 ? adjustmentMessages.given : adjustmentMessages.taken, item: await one(professionalId) };
    },
  );
}
