import { type Task, taskSchema } from '@especifica/mf-shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ArchiveEntry } from '../files/archive';
import type { ImportSpec } from '../files/csv-import';
import type { ExportFormat, ExportSheet } from '../files/export';
import type { Schema } from '../kernel/body';

// Long work (imports, large exports) as tasks with progress, done by a job (docs/jobs.md): what the routes call.
// The tasks module implements it; the app hands it to the routes through Deps.

/** An import of CSV rows done by a job: `start` stores the request's file and answers with its task. */
export interface ImportTask {
  start(request: FastifyRequest, skipBadRows: boolean | undefined): Promise<Task>;
}

/**
 * An export that streams when it is small and becomes a task above EXPORT_ROWS_AT_ONCE rows: `send` answers with
 * the file, or 202 with the task. `input` is all the job needs to build the same sheet again (JSON).
 */
export interface ExportTask<I> {
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    input: I,
    file: { format: ExportFormat; name: string },
  ): Promise<FastifyReply>;
  /**
   * A list's GET that also exports: with `format` in its query, the file of the same filters as `send` answers it (the
   * query less `format` is the input); without it, the page `read` gives.
   */
  pageOrFile<Q extends I & { format?: ExportFormat }, P>(
    request: FastifyRequest,
    reply: FastifyReply,
    query: Q,
    name: string,
    read: (query: Q) => Promise<P>,
  ): Promise<P | FastifyReply>;
}

/** The schema of a list's GET that answers with `pageOrFile`: its query, its page, or 202 with the export's task. */
export const pageOrFileSchema = <Q extends Schema, P extends Schema>(querystring: Q, page: P) => ({
  querystring,
  response: { 200: page, 202: taskSchema },
});

/** A ZIP written by a job (the copy of a person's data): `start` answers with its task. */
export interface ArchiveTask<I> {
  start(request: FastifyRequest, input: I): Promise<Task>;
}

export interface Tasks {
  /** Registers an import kind (`import:products`); `label` names its rows in the bell ("produtos"). */
  imports<T>(kind: string, spec: ImportSpec<T>, options: { entity: string; label: string }): ImportTask;
  /**
   * Registers an export kind (`export:audit`) by how its sheet is built from the input; `count`, when given, says
   * how many rows it has, or whether it has more than `atMost` (a count that stops there), which tells the request
   * whether to stream without running the sheet's query (else the request reads its first rows and the job reads
   * them all once to count them before it writes the file).
   */
  exports<I extends object>(
    kind: string,
    sheet: (input: I) => ExportSheet | Promise<ExportSheet>,
    count?: (input: I, atMost?: number) => Promise<number>,
  ): ExportTask<I>;
  /**
   * Registers a ZIP kind (`privacy:copy`) by its entries, built for the task's owner from the input; `name` names the
   * file, `bell` the notification when it is ready (kept 7 days, for its owner only, as every task's file).
   */
  archives<I extends object>(
    kind: string,
    entries: (
      input: I,
      owner: { kind: 'admin' | 'professional' | 'shopkeeper'; id: string },
    ) => AsyncIterable<ArchiveEntry>,
    options: { name: string; bell: { title: string; message: string } },
  ): ArchiveTask<I>;
}
