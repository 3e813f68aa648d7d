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

// Parsing the reply strips every key that the contract does not name, so a column never leaks by accident. An answer
// that a handler gives frozen (Object.freeze, nested objects too: a kept value the cache hands out again and again) is
// parsed and written once, and the same text is sent for it while it lives.
export const serializerCompiler: FastifySerializerCompiler<Schema> = ({ schema }) => {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data))
      return JSON.stringify(z.parse(schema, data));
    let text = written.get(data);
    if (text === undefined) {
      text = JSON.stringify(z.parse(schema, data));
      written.set(data, text);
    }
    return text;
  };
};
