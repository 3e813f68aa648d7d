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
import { checkBody, type Schema } from '../kernel/body';

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

export const validatorCompiler: FastifySchemaCompiler<Schema> =
  ({ schema }) =>
  (data) =>
    checkBody(schema, data);

// Parsing the reply strips every key that the contract does not name, so a column never leaks by accident.
export const serializerCompiler: FastifySerializerCompiler<Schema> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(z.parse(schema, data));
