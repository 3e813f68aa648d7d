import {
  regulationDraftSchema,
  regulationMessages,
  regulationPreviewSchema,
  regulationVersionSchema,
  regulationVersionsSchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { regulationPreview, regulationVersions, versionOut } from './queries';
import { publishRegulation } from './service';

/**
 * Regulation versions for admins: every version, what a draft changes against the current one, and publishing the
 * next version. Publishing is all it takes: a participant whose accepted version is older is asked at the next login.
 */
export async function regulationRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const admin = { guard: ['admin'] as ['admin'] };

  app.get(
    '/cms/regulation/get-all',
    { config: admin, schema: { response: { 200: regulationVersionsSchema } } },
    async () => ({ items: await regulationVersions(db) }),
  );

  app.post(
    '/cms/regulation/preview',
    { config: admin, schema: { body: regulationDraftSchema, response: { 200: regulationPreviewSchema } } },
    (request) => regulationPreview(db, request.body.content),
  );

  app.post(
    '/cms/regulation/publish',
    { config: admin, schema: { body: regulationDraftSchema, response: { 201: withMessage(regulationVersionSchema) } } },
    async (request, reply) => {
      const published = await publishRegulation(db, principalOf(request), request.body);
      return reply.code(201).send({ msg: regulationMessages.published, item: versionOut(published) });
    },
  );
}
