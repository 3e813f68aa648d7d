import {
  changeStatusBodySchema,
  createFaqBodySchema,
  faqEntriesPageSchema,
  faqEntrySchema,
  faqMessages,
  faqQuerySchema,
  faqSchema,
  faqSearchQuerySchema,
  idBodySchema,
  messageSchema,
  updateFaqBodySchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { faqOut, faqPage, faqTopics } from './queries';
import { changeFaqStatus, createFaq, removeFaq, updateFaq } from './service';

/**
 * The FAQ: participants read the active questions by topic (topics in the order of their first question, questions by
 * their position); admins manage them.
 */
export async function faqRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/professionals/faq/get-all',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { querystring: faqSearchQuerySchema, response: { 200: faqSchema } },
    },
    (request) => faqTopics(db, request.query.search),
  );

  app.get(
    '/cms/faq/get-all',
    { config: admin, schema: { querystring: faqQuerySchema, response: { 200: faqEntriesPageSchema } } },
    (request) => faqPage(db, request.query),
  );

  app.post(
    '/cms/faq/create',
    { config: admin, schema: { body: createFaqBodySchema, response: { 200: withMessage(faqEntrySchema) } } },
    async (request) => {
      const row = await createFaq(db, principalOf(request), request.body);
      return { msg: faqMessages.created, item: faqOut(row) };
    },
  );

  app.post(
    '/cms/faq/update',
    { config: admin, schema: { body: updateFaqBodySchema, response: { 200: withMessage(faqEntrySchema) } } },
    async (request) => {
      const { id, ...changes } = request.body;
      const row = await updateFaq(db, principalOf(request), id, changes);
      return { msg: faqMessages.updated, item: faqOut(row) };
    },
  );

  app.post(
    '/cms/faq/change-status',
    { config: admin, schema: { body: changeStatusBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await changeFaqStatus(db, principalOf(request), request.body.id, request.body.active);
      return { msg: faqMessages.updated };
    },
  );

  app.post(
    '/cms/faq/remove',
    { config: admin, schema: { body: idBodySchema, response: { 200: messageSchema } } },
    async (request) => {
      await removeFaq(db, principalOf(request), request.body.id);
      return { msg: faqMessages.removed };
    },
  );
}
