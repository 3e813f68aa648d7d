import type { Role, Task, TaskState } from '@especifica/mf-shared/contracts';
import { and, desc, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { fail } from '../../kernel/errors';
import { type NotificationInput, notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import type { FileStorage } from '../../storage';

// The tasks (docs/jobs.md): a row per long piece of work, written with its job in one transaction, followed by its
// owner, finished in the transaction of the work's own writes, and deleted with its files 7 days after.

export const TASK_JOB = 'task.run';
export const TASK_EXPIRY_JOB = 'tasks.expire';
/** How long a finished task and its files are kept. */
export const TASK_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** A task still unfinished this long after it was asked for is given up (its job ran out of tries in a crash). */
const STALE_MS = 24 * 60 * 60 * 1000;

export type TaskRow = typeof tasks.$inferSelect;

export interface TaskOwner {
  kind: Role;
  id: string;
}

export const ownerOf = (principal: Principal): TaskOwner => ({ kind: principal.role, id: principal.id });

/** What a task holds when it ends: an import's counts, or the file an export wrote (`key` stays on the server). */
export interface TaskResult {
  counts?: Task['counts'];
  file?: NonNullable<Task['file']> & { key: string; contentType: string };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function taskOut(row: TaskRow): Task {
  const result = (row.result ?? {}) as TaskResult;
  const percent =
    row.state === 'done'
      ? 100
      : row.total
        ? Math.min(99, Math.floor((row.done * 100) / row.total))
        : row.total === 0
          ? 0
          : null;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    percent,
    counts: result.counts ?? null,
    file: result.file ? { name: result.file.name, rows: result.file.rows, bytes: result.file.bytes } : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A task of the caller's, or 404: somebody else's task is answered as one that does not exist. */
export async function ownTask(db: Db, owner: TaskOwner, id: string): Promise<TaskRow> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.ownerKind, owner.kind), eq(tasks.ownerId, owner.id)));
  if (!row) throw fail.notFound('Tarefa não encontrada.', 'task-not-found');
  return row;
}

/** The caller's tasks of one kind still kept, newest first: a page reopened finds the one it follows. */
export function ownTasks(db: Db, owner: TaskOwner, kind: string, now: Date) {
  return db
    .select()
    .from(tasks)
    .where(
      and(eq(tasks.ownerKind, owner.kind), eq(tasks.ownerId, owner.id), eq(tasks.kind, kind), gt(tasks.expiresAt, now)),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(10);
}

/** The rows done so far (and the total, once known) of a running task. Never moves a finished one. */
export async function recordProgress(db: Db, id: string, done: number, total?: number): Promise<void> {
  await db
    .update(tasks)
    .set({ done, ...(total === undefined ? {} : { total }) })
    .where(and(eq(tasks.id, id), eq(tasks.state, 'running')));
}

/**
 * Ends a task that has not ended yet, in the caller's transaction (with the work's own writes), and tells its
 * owner through the bell. False when it had already ended (a second run of its job).
 */
export async function finishTask(
  db: Db,
  row: TaskRow,
  outcome: { state: Extract<TaskState, 'done' | 'failed'>; result?: TaskResult; error?: string; done?: number },
  message: NotificationInput,
  now: Date,
): Promise<boolean> {
  const [ended] = await db
    .update(tasks)
    .set({
      state: outcome.state,
      result: (outcome.result ?? null) as Record<string, unknown> | null,
      error: outcome.error ?? null,
      finishedAt: now,
      expiresAt: new Date(now.getTime() + TASK_KEEP_MS),
      // The rows done are the total in the end: the count made before (a file's lines) was an estimate.
      ...(outcome.done === undefined ? {} : { done: outcome.done, total: outcome.done }),
    })
    .where(and(eq(tasks.id, row.id), inArray(tasks.state, ['queued', 'running'])))
    .returning({ id: tasks.id });
  if (!ended) return false;
  await notify(db, [{ kind: row.ownerKind, id: row.ownerId }], {
    ...message,
    data: { ...message.data, taskId: row.id, kind: row.kind, state: outcome.state },
  });
  return true;
}

/** The files a task keeps in storage: its upload and the file it wrote. */
export function taskFiles(row: TaskRow): string[] {
  const input = row.input as { key?: unknown };
  const result = (row.result ?? {}) as TaskResult;
  return [input.key, result.file?.key].filter((key): key is string => typeof key === 'string');
}

/**
 * The schedule's work: tasks past their 7 days go with their files; one unfinished a day after it was asked for
 * (its job gave up in a crash) ends as failed, told to its owner.
 */
export async function expireTasks(
  db: Db,
  storage: FileStorage,
  now: Date,
): Promise<{ deleted: number; stale: number }> {
  const stale = await db
    .select()
    .from(tasks)
    .where(and(inArray(tasks.state, ['queued', 'running']), lt(tasks.createdAt, new Date(now.getTime() - STALE_MS))));
  for (const row of stale) {
    await db.transaction((tx) =>
      finishTask(
        tx,
        row,
        { state: 'failed', error: 'A tarefa não terminou a tempo. Tente de novo.' },
        { type: 'task', title: 'Tarefa não concluída', message: 'A tarefa não terminou a tempo. Tente de novo.' },
        now,
      ),
    );
  }
  let deleted = 0;
  for (;;) {
    const expired = await db.select().from(tasks).where(lte(tasks.expiresAt, now)).limit(200);
    if (expired.length === 0) break;
    for (const row of expired) for (const key of taskFiles(row)) await storage.delete(key);
    await db.delete(tasks).where(
      inArray(
        tasks.id,
        expired.map((row) => row.id),
      ),
    );
    deleted += expired.length;
  }
  return { deleted, stale: stale.length };
}
