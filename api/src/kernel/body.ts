import { z } from 'zod';
import type * as core from 'zod/v4/core';

// The contracts are zod/mini schemas; the core type covers them and classic zod alike.
export type Schema = core.$ZodType;

export interface FieldIssue {
  field: string;
  message: string;
}

const INVALID_INPUT = 'Os dados enviados são inválidos.';

/** A body refused by its schema: answered 400 with each field's message (kernel/errors). */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'validation';
  constructor(readonly issues: FieldIssue[]) {
    // A field's message is written for a person (the contracts hold them); one about the whole body is not.
    const first = issues[0];
    super(first?.field ? first.message : INVALID_INPUT);
  }
}

/**
 * The one body parser: a route's `schema.body` (through the validator compiler) and a body assembled by hand (a
 * multipart form's fields) are both checked here, so both answer the same 400 with the same field messages.
 */
export function checkBody<T extends Schema>(
  schema: T,
  body: unknown,
): { value: core.output<T> } | { error: RequestValidationError } {
  const result = z.safeParse(schema, body);
  if (result.success) return { value: result.data };
  return {
    error: new RequestValidationError(
      result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
    ),
  };
}

/** checkBody() for a handler: the parsed body, or the 400 thrown. */
export function parseBody<T extends Schema>(schema: T, body: unknown): core.output<T> {
  const checked = checkBody(schema, body);
  if ('error' in checked) throw checked.error;
  return checked.value;
}

// Zod's own messages (for the fields whose contract has no message of its own) in the product's language.
z.config(z.locales.ptBR());
