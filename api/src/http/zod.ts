import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import type * as core from 'zod/v4/core';

// The contracts are zod/mini schemas; the core type covers them and classic zod alike.
type Schema = core.$ZodType;

/** Lets a route's zod schemas type its request and reply. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? core.output<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? core.input<this['schema']> : unknown;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface FieldIssue {
  field: string;
  message: string;
}

const INVALID_INPUT = 'Os dados enviados são inválidos.';

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'validation';
  constructor(readonly issues: FieldIssue[]) {
    // A field's message is written for a person (the contracts hold them); one about the whole body is not.
    const first = issues[0];
    super(first?.field ? first.message : INVALID_INPUT);
  }
}

export const validatorCompiler: FastifySchemaCompiler<Schema> =
  ({ schema }) =>
  (data) => {
    const result = z.safeParse(schema, data);
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
      ),
    };
  };

// Parsing the reply strips every key that the contract does not name, so a column never leaks by accident.
export const serializerCompiler: FastifySerializerCompiler<Schema> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(z.parse(schema, data));

// Zod's own messages (for the fields whose contract has no message of its own) in the product's language.
z.config(z.locales.ptBR());
