import { z } from 'zod/mini';

// Long work done by a job (docs/jobs.md): a CSV import, an export of more than EXPORT_ROWS_AT_ONCE rows. The call
// that asks for it answers 202 with the task; its page follows the progress and shows the result, kept for 7 days
// and readable by its owner only.

export const taskStates = ['queued', 'running', 'done', 'failed'] as const;
export const taskStateSchema = z.enum(taskStates);
export type TaskState = z.infer<typeof taskStateSchema>;

/** An export of up to this many rows streams in the answer; a larger one becomes a task. */
export const EXPORT_ROWS_AT_ONCE = 10_000;

/** What an import did: rows created and updated, and the bad rows (the first 500; `errorCount` says how many). */
export const taskCountsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), reason: z.string() })),
  errorCount: z.number(),
});

/** The file an export wrote: its name for the download, its rows and size. */
export const taskFileSchema = z.object({ name: z.string(), rows: z.number(), bytes: z.number() });

export const taskSchema = z.object({
  id: z.string(),
  /** `import:products`, `import:stores`, `export:audit`... */
  kind: z.string(),
  state: taskStateSchema,
  /** Rows done so far, of `total` when known; `percent` from both (0 to 100). */
  done: z.number(),
  total: z.nullable(z.number()),
  percent: z.nullable(z.number()),
  counts: z.nullable(taskCountsSchema),
  file: z.nullable(taskFileSchema),
  /** Why it failed, in pt-BR. */
  error: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const tasksQuerySchema = z.object({
  kind: z.string().check(z.minLength(1), z.maxLength(60)),
});
export const tasksListSchema = z.object({ items: z.array(taskSchema) });
