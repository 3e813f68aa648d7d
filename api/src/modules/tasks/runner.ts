import { randomUUID } from 'node:crypto';
import { EXPORT_ROWS_AT_ONCE, type Task } from '@especifica/mf-shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { zipStream } from '../../files/archive';
import { importCsv } from '../../files/csv-import';
import {
  type Cell,
  type ExportFormat,
  type ExportSheet,
  exportContentType,
  sendExport,
  writeExport,
} from '../../files/export';
import type { ExportTask, JobQueue, JobsLog, Tasks } from '../../jobs';
import { audit } from '../../kernel/audit';
import { fail, HttpError } from '../../kernel/errors';
import { type Principal, principalOf } from '../../kernel/principal';
import { streamedFile, uploadError } from '../../kernel/uploads';
import type { RateLimiter } from '../../security/rate-limits';
import type { FileStorage } from '../../storage';
import {
  expireTasks,
  finishTask,
  ownerOf,
  recordProgress,
  TASK_EXPIRY_JOB,
  TASK_JOB,
  TASK_KEEP_MS,
  type TaskOwner,
  type TaskRow,
  taskOut,
} from './service';

export interface TaskDeps {
  db: Db;
  jobs: JobQueue;
  storage: FileStorage;
  limiter: RateLimiter;
  now: () => Date;
  /** The largest CSV an import takes. */
  importMaxBytes: number;
}

type Work = (row: TaskRow, run: { log: JobsLog }) => Promise<void>;

interface ImportInput {
  key: string;
  filename: string;
  skipBadRows: boolean;
  actorName: string;
}

interface ExportInput<I> {
  input: I;
  format: ExportFormat;
  name: string;
}

/** An error that a retry would meet again (a bad file): the task ends failed with it at once. */
const isFinal = (error: unknown): error is HttpError => error instanceof HttpError && error.statusCode < 500;

class AlreadyEnded extends Error {}

const GENERIC_FAILURE = 'Não foi possível concluir a tarefa. Tente de novo em alguns minutos.';
// Progress is written at most this often: each write is a statement of its own beside the work.
const PROGRESS_EVERY_MS = 500;

/** The lines of a stored file, less the header: the total an import's progress counts towards. */
async function countRows(storage: FileStorage, key: string): Promise<number> {
  const file = await storage.read(key);
  if (!file) return 0;
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1] as number;
  }
  if (last !== 0x0a) lines += 1;
  return Math.max(0, lines - 1);
}

/** Progress written in order and at most every PROGRESS_EVERY_MS, never holding up the work. */
function progressOf(db: Db, id: string) {
  let chain = Promise.resolve();
  let written = 0;
  let latest = 0;
  return {
    get latest() {
      return latest;
    },
    report(done: number) {
      latest = done;
      if (Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      chain = chain.then(() => recordProgress(db, id, done)).catch(() => undefined);
    },
  };
}

/** Reads up to `limit` rows of a sheet: all of them (to stream) or null when there are more (a task). */
async function rowsUpTo(rows: AsyncIterable<Cell[][]>, limit: number): Promise<Cell[][][] | null> {
  const iterator = rows[Symbol.asyncIterator]();
  const head: Cell[][][] = [];
  let count = 0;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    head.push(next.value);
    count += next.value.length;
    if (count > limit) {
      // Closes the read (a cursor) behind the rows.
      await iterator.return?.();
      return null;
    }
  }
  return head;
}

async function* replay(batches: Cell[][][]): AsyncGenerator<Cell[][]> {
  yield* batches;
}

/** A count as a person reads it in the bell: 20.000. */
const count = (value: number) => value.toLocaleString('pt-BR');

const bellOfImport = (label: string) => ({
  done: (counts: { created: number; updated: number; skipped: number }) => ({
    type: 'task',
    title: `Importação de ${label} concluída`,
    message: `${count(counts.created)} criados, ${count(counts.updated)} atualizados${counts.skipped ? `, ${count(counts.skipped)} linhas com erro ignoradas` : ''}.`,
  }),
  failed: (error: string) => ({ type: 'task', title: `Importação de ${label} não concluída`, message: error }),
});

const bellOfExport = {
  done: (file: { name: string; rows: number }) => ({
    type: 'task',
    title: 'Exportação pronta',
    message: `O arquivo ${file.name} (${count(file.rows)} linhas) pode ser baixado por 7 dias.`,
  }),
  failed: (error: string) => ({ type: 'task', title: 'Exportação não concluída', message: error }),
};

/** A file name that a header and a file system take as it is. */
export const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120) || 'arquivo';

/** The tasks of the app: one job runs every kind; each module registers its kinds with their work. */
export function createTasks(deps: TaskDeps): Tasks {
  const { db, jobs, storage } = deps;
  const kinds = new Map<
    string,
    { work: Work; failed: (error: string) => { type: string; title: string; message: string } }
  >();

  async function create(request: FastifyRequest, kind: string, input: object): Promise<Task> {
    const owner: TaskOwner = ownerOf(principalOf(request));
    const now = deps.now();
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(tasks)
        .values({
          ownerKind: owner.kind,
          ownerId: owner.id,
          kind,
          input: input as Record<string, unknown>,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TASK_KEEP_MS),
        })
        .returning();
      if (!inserted) throw new Error('task not created');
      await jobs.send(TASK_JOB, { taskId: inserted.id }, tx);
      return inserted;
    });
    jobs.wake(TASK_JOB);
    return taskOut(row);
  }

  const limit = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return deps.limiter.hit(request, 'taskAccount', `${principal.role}:${principal.id}`);
  };

  jobs.define<{ taskId: string }>({
    name: TASK_JOB,
    // A crashed replica's task is taken again when its heartbeat stops (30 s, or JOB_HEARTBEAT_SECONDS); the work
    // starts over from its input.
    options: { retryLimit: 2, retryDelay: 5, expireInSeconds: 3600, heartbeatSeconds: 30 },
    async handler({ taskId }, { lastAttempt, log }) {
      const [row] = await db
        .update(tasks)
        .set({
          state: 'running',
          startedAt: sql`coalesce(${tasks.startedAt}, now())`,
          attempts: sql`${tasks.attempts} + 1`,
        })
        .where(and(eq(tasks.id, taskId), inArray(tasks.state, ['queued', 'running'])))
        .returning();
      if (!row) return;
      const kind = kinds.get(row.kind);
      try {
        if (!kind) throw new Error(`no task kind ${row.kind}`);
        await kind.work(row, { log });
      } catch (error) {
        if (error instanceof AlreadyEnded) return;
        const final = isFinal(error);
        if (!final && !lastAttempt) {
          log.warn({ err: error, task: row.id }, 'task failed, will retry');
          throw error;
        }
        const message = final ? error.body.msg : GENERIC_FAILURE;
        const bad = final ? (error.body.data as { errors?: unknown; errorCount?: unknown } | undefined) : undefined;
        const counts =
          bad && Array.isArray(bad.errors)
            ? { created: 0, updated: 0, skipped: 0, errors: bad.errors, errorCount: Number(bad.errorCount) }
            : undefined;
        await db.transaction((tx) =>
          finishTask(
            tx,
            row,
            { state: 'failed', error: message, ...(counts ? { result: { counts } } : {}) },
            (kind?.failed ?? bellOfExport.failed)(message),
            deps.now(),
          ),
        );
        if (!final) log.error({ err: error, task: row.id }, 'task given up');
      }
    },
  });

  jobs.define({
    name: TASK_EXPIRY_JOB,
    cron: '17 * * * *',
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 900 },
    async handler(_data, { log }) {
      const run = await expireTasks(db, storage, new Date());
      if (run.deleted > 0 || run.stale > 0) log.info({ tasks: run }, 'tasks expired');
    },
  });

  return {
    imports(kind, spec, options) {
      const bell = bellOfImport(options.label);
      kinds.set(kind, {
        failed: bell.failed,
        async work(row) {
          const input = row.input as unknown as ImportInput;
          await recordProgress(db, row.id, 0, await countRows(storage, input.key));
          const file = await storage.read(input.key);
          if (!file) throw fail.badRequest('O arquivo enviado não está mais disponível: envie-o de novo.', 'task-file');
          const progress = progressOf(db, row.id);
          const actor: Principal = {
            id: row.ownerId,
            role: row.ownerKind,
            name: input.actorName,
            shopkeeperType: null,
            linked: [],
          };
          try {
            await importCsv(db, file, spec, input.skipBadRows, {
              progress: (rows) => progress.report(rows),
              async begin(tx) {
                // A second run of this task's job (a replica thought dead) waits here, then finds it ended. An advisory
                // lock, not the row's: the progress is written to the row meanwhile.
                await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${row.id}))`);
                const [current] = await tx.select({ state: tasks.state }).from(tasks).where(eq(tasks.id, row.id));
                if (current?.state !== 'running') throw new AlreadyEnded();
              },
              async commit(tx, result) {
                await audit(tx, actor, {
                  action: 'import',
                  entity: options.entity,
                  after: { file: input.filename, ...result, errors: result.errors.slice(0, 20) },
                });
                const counts = { ...result, errors: [...result.errors] };
                await finishTask(
                  tx,
                  row,
                  { state: 'done', result: { counts }, done: progress.latest },
                  bell.done(counts),
                  deps.now(),
                );
              },
            });
          } finally {
            file.destroy();
          }
          await storage.delete(input.key);
        },
      });
      return {
        async start(request, skipBadRowsQuery) {
          await limit(request);
          const upload = await streamedFile(request, deps.importMaxBytes);
          const skipBadRows = skipBadRowsQuery ?? /^(true|1)$/.test(upload.fields.skipBadRows ?? '');
          const key = `imports/${randomUUID()}.csv`;
          await storage.write(key, upload.stream).catch((error) => {
            throw uploadError(error, deps.importMaxBytes);
          });
          const input: ImportInput = {
            key,
            filename: upload.filename,
            skipBadRows,
            actorName: principalOf(request).name,
          };
          return create(request, kind, input);
        },
      };
    },

    exports<I extends object>(
      kind: string,
      build: (input: I) => ExportSheet | Promise<ExportSheet>,
      count?: (input: I, atMost?: number) => Promise<number>,
    ): ExportTask<I> {
      const rowsOf = async (input: I) => {
        if (count) return count(input);
        let total = 0;
        for await (const batch of (await build(input)).rows) total += batch.length;
        return total;
      };
      kinds.set(kind, {
        failed: bellOfExport.failed,
        async work(row) {
          const { input, format, name } = row.input as unknown as ExportInput<I>;
          // Counted first, so that the page shows a percentage; then written.
          await recordProgress(db, row.id, 0, await rowsOf(input));
          const sheet = await build(input);
          const progress = progressOf(db, row.id);
          let done = 0;
          const key = `exports/${row.id}.${format}`;
          const bytes = await writeExport(storage, key, sheet, format, (rows) => {
            done += rows;
            progress.report(done);
          });
          const file = {
            key,
            name: `${safeFileName(name)}.${format}`,
            rows: done,
            bytes,
            contentType: exportContentType(format),
          };
          await db.transaction((tx) =>
            finishTask(tx, row, { state: 'done', result: { file }, done }, bellOfExport.done(file), deps.now()),
          );
        },
      });
      const send: ExportTask<I>['send'] = async (request, reply, input, { format, name }) => {
        if (count) {
          // A count that stops past the limit, rather than the sheet's query: sorted, a million rows are all read
          // and ordered before its first one comes, to learn only that it is a task.
          if ((await count(input, EXPORT_ROWS_AT_ONCE + 1)) <= EXPORT_ROWS_AT_ONCE) {
            return sendExport(reply, await build(input), format, name);
          }
        } else {
          const sheet = await build(input);
          const head = await rowsUpTo(sheet.rows, EXPORT_ROWS_AT_ONCE);
          if (head) return sendExport(reply, { ...sheet, rows: replay(head) }, format, name);
        }
        await limit(request);
        const exportInput: ExportInput<I> = { input, format, name };
        return reply.code(202).send(await create(request, kind, exportInput));
      };
      return {
        send,
        async pageOrFile(request, reply, query, name, read) {
          const { format, ...input } = query;
          return format ? send(request, reply, input as typeof query, { format, name }) : read(query);
        },
      };
    },

    archives(kind, entries, options) {
      const failed = (error: string) => ({
        type: 'task',
        title: `${options.bell.title}: não concluída`,
        message: error,
      });
      kinds.set(kind, {
        failed,
        async work(row) {
          const owner = { kind: row.ownerKind, id: row.ownerId };
          let done = 0;
          async function* counted() {
            for await (const entry of entries(row.input as never, owner)) {
              done += 1;
              yield entry;
            }
          }
          // A retry writes the same key again: the file is whole once the task says done.
          const key = `exports/${row.id}.zip`;
          const bytes = await storage.write(key, zipStream(counted()));
          const file = {
            key,
            name: `${safeFileName(options.name)}.zip`,
            rows: done,
            bytes,
            contentType: 'application/zip',
          };
          await db.transaction((tx) =>
            finishTask(
              tx,
              row,
              { state: 'done', result: { file }, done },
              { type: 'task', ...options.bell },
              deps.now(),
            ),
          );
        },
      });
      return {
        async start(request, input) {
          await limit(request);
          return create(request, kind, input);
        },
      };
    },
  };
}
