import { idParamsSchema, taskSchema, tasksListSchema, tasksQuerySchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { ownerOf, ownTask, ownTasks, type TaskResult, taskOut } from './service';

const everybody = { guard: ['admin', 'professional', 'shopkeeper'] as ['admin', 'professional', 'shopkeeper'] };

/** A person's own tasks: followed while they run, and their result (or file) for 7 days. Others' answer 404. */
export async function taskRoutes(app: App, deps: Pick<Deps, 'db' | 'storage' | 'now'>) {
  const { db } = deps;

  // The caller's tasks of one kind, newest first: a page opened again finds the one it was following.
  app.get(
    '/tasks',
    { config: everybody, schema: { querystring: tasksQuerySchema, response: { 200: tasksListSchema } } },
    async (request) => {
      const rows = await ownTasks(db, ownerOf(principalOf(request)), request.query.kind, deps.now());
      return { items: rows.map(taskOut) };
    },
  );

  app.get(
    '/tasks/:id',
    { config: everybody, schema: { params: idParamsSchema, response: { 200: taskSchema } } },
    async (request) => taskOut(await ownTask(db, ownerOf(principalOf(request)), request.params.id)),
  );

  // The file an export wrote, as a download.
  app.get('/tasks/:id/file', { config: everybody, schema: { params: idParamsSchema } }, async (request, reply) => {
    const row = await ownTask(db, ownerOf(principalOf(request)), request.params.id);
    const file = (row.result as TaskResult | null)?.file;
    const stream = file ? await deps.storage.read(file.key) : null;
    if (!file || !stream) throw fail.notFound('Este arquivo não está disponível.', 'task-file-not-found');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
}
