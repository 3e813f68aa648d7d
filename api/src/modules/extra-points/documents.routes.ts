import { addByDocumentsBodySchema, documentsAnswerSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { addByDocuments } from './service';

// A pasted list of CPFs (a professionals' campaign) or CNPJs (a shopkeepers' campaign): one call gives the campaign
// to everyone the list names, and answers each entry that names nobody, so the admin can fix the list.
export async function extraPointDocumentRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  app.post(
    '/cms/points-extra/add-by-documents',
    {
      config: { guard: ['admin'] },
      // 200,000 CNPJs with their masks are about 4 MB of JSON.
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: addByDocumentsBodySchema, response: { 200: documentsAnswerSchema } },
    },
    async (request) => {
      return addByDocuments(
        db,
        deps.jobs,
        principalOf(request),
        request.body.idExtraPoint,
        request.body.documents,
        deps.now(),
      );
    },
  );
}
