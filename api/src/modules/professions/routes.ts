import {
  defaultRules,
  messageSchema,
  myRulesSchema,
  professionRuleMessages,
  professionRulesSchema,
  publicProfessionRulesSchema,
  updateProfessionRulesBodySchema,
} from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { allRules, rulesOfProfessional } from './rules';
import { declareDisclosure, updateRules } from './service';

const admin = { guard: ['admin'] } as const;

/** The rules per profession: the admin's page, the participant's own rules, sign-up's texts, and the declaration. */
export async function professionRulesRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const list = async () => ({ items: await allRules(db) });

  app.get(
    '/cms/config/get-profession-rules',
    { config: admin, schema: { response: { 200: professionRulesSchema } } },
    list,
  );

  app.post(
    '/cms/config/update-profession-rules',
    { config: admin, schema: { body: updateProfessionRulesBodySchema, response: { 200: professionRulesSchema } } },
    async (request) => {
      await updateRules(db, principalOf(request), request.body.items);
      return list();
    },
  );

  app.get(
    '/professionals/rules',
    { config: { guard: ['professional', 'shopkeeper'] }, schema: { response: { 200: myRulesSchema } } },
    async (request) => {
      const principal = principalOf(request);
      // A shopkeeper is under the programme's defaults: the rules are a professional's.
      if (principal.role !== 'professional') return { ...defaultRules };
      return rulesOfProfessional(db, principal.id);
    },
  );

  app.get(
    '/auth/profession-rules',
    { config: { guard: 'public' }, schema: { response: { 200: publicProfessionRulesSchema } } },
    async () => ({
      items: (await allRules(db)).map(({ profession, earns, text }) => ({ profession, earns, text })),
    }),
  );

  app.post(
    '/professionals/invoices/:id/declare-disclosure',
    {
      config: { guard: ['professional'] },
      schema: { params: z.object({ id: z.uuid('Nota fiscal não encontrada.') }), response: { 200: messageSchema } },
    },
    async (request) => {
      await declareDisclosure(db, principalOf(request), request.params.id, deps.now());
      return { msg: professionRuleMessages.declared };
    },
  );
}
