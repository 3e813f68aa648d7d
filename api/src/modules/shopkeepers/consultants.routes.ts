import {
  consultantSchema,
  consultantsPageSchema,
  consultantsQuerySchema,
  createConsultantBodySchema,
  updateConsultantBodySchema,
  userMessages,
  withMessage,
} from '@especifica/mf-shared/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { searchAny } from '../../kernel/search';
import { consultantsPage, isConsultant } from './queries';
import { createConsultant, updateConsultant } from './service';

/** Consultants are shopkeepers of type consultant: they see points, but no level and no experiences. */
export async function consultantRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/users/consultants',
    { config: admin, schema: { querystring: consultantsQuerySchema, response: { 200: consultantsPageSchema } } },
    (request) => {
      const query = request.query;
      const conditions: (SQL | undefined)[] = [
        isConsultant,
        searchAny(query.search, [storeUsers.name, storeUsers.email]),
      ];
      if (query.storeId) conditions.push(eq(storeUsers.storeId, query.storeId));
      if (query.active !== undefined) conditions.push(eq(storeUsers.active, query.active));
      return consultantsPage(db, and(...conditions), query);
    },
  );

  app.post(
    '/users/consultants',
    { config: admin, schema: { body: createConsultantBodySchema, response: { 200: withMessage(consultantSchema) } } },
    async (request) => ({
      msg: userMessages.consultantCreated,
      item: await createConsultant(deps, principalOf(request), request.body),
    }),
  );

  app.put(
    '/users/consultants',
    { config: admin, schema: { body: updateConsultantBodySchema, response: { 200: withMessage(consultantSchema) } } },
    async (request) => ({
      msg: userMessages.consultantUpdated,
      item: await updateConsultant(deps, principalOf(request), request.body),
    }),
  );
}
