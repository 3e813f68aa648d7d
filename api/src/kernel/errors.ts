import type { ApiError as ApiErrorBody } from '@especifica/mf-shared/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from './body';

/** An error meant for the client: its status and body are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ApiErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.msg);
  }
}

type Data = { data?: unknown };
const withData = (data: unknown): Data => (data === undefined ? {} : { data });

/**
 * Every error the API answers with on purpose, in one factory: each a pt-BR sentence a person can act on and a
 * stable code (domain: errors).
 */
export const fail = {
  badRequest: (msg: string, code: string, data?: unknown) => new HttpError(400, { msg, code, ...withData(data) }),
  /** A field's own error, as the validation of a body answers it (the form shows it under the field). */
  field: (field: string, message: string, status = 400, code = 'validation') =>
    new HttpError(status, { msg: message, code, data: [{ field, message }] }),
  invalidToken: () =>
    new HttpError(401, { msg: 'Sessão expirada ou inválida. Entre novamente.', code: 'auth.invalid-token' }),
  invalidCredentials: () => new HttpError(401, { msg: 'Login ou senha inválidos', code: 'invalid.credentials' }),
  forbidden: (msg = 'Você não tem permissão para acessar este recurso.', code = 'auth.forbidden', data?: unknown) =>
    new HttpError(403, { msg, code, ...withData(data) }),
  notFound: (msg = 'Registro não encontrado.', code = 'not-found') => new HttpError(404, { msg, code }),
  /** Spec 8, for an id that is not the caller's (answered as not found, so it tells nothing about others). */
  invalidId: () =>
    new HttpError(404, { msg: 'Ocorreu um erro, por favor tente novamente (id inválido).', code: 'invalid-id' }),
  conflict: (msg: string, code: string, data?: unknown) => new HttpError(409, { msg, code, ...withData(data) }),
  tooLarge: (msg: string, code = 'payload-too-large') => new HttpError(413, { msg, code }),
  unsupported: (msg: string, code: string) => new HttpError(415, { msg, code }),
  invalid: (msg: string, code: string, data?: unknown) => new HttpError(422, { msg, code, ...withData(data) }),
  tooManyRequests: (retryAfterSeconds: number) =>
    new HttpError(
      429,
      { msg: 'Muitas tentativas. Aguarde um pouco e tente novamente.', code: 'too-many-requests' },
      { 'retry-after': String(retryAfterSeconds) },
    ),
};

/** A database error's chain: the driver's own error, or Drizzle's around it (as its cause). */
function* chainOf(error: unknown): Generator<{ code?: unknown; constraint?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    yield current as { code?: unknown; constraint?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (as its cause). */
export function sqlState(error: unknown): string | null {
  for (const link of chainOf(error)) {
    if (typeof link.code === 'string' && /^[0-9A-Z]{5}$/.test(link.code)) return link.code;
  }
  return null;
}

/** The name of the constraint a database error broke, when the driver says. */
export function violatedConstraint(error: unknown): string | null {
  for (const link of chainOf(error)) if (typeof link.constraint === 'string') return link.constraint;
  return null;
}

/**
 * PostgreSQL's unique_violation, whichever driver raised it: the name of the broken constraint ('' when the driver
 * does not say), or null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (const link of chainOf(error)) {
    if (link.code === '23505') return typeof link.constraint === 'string' ? link.constraint : '';
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => uniqueViolation(error) !== null;

export const notFoundBody: ApiErrorBody = { msg: 'Recurso não encontrado.', code: 'not-found' };
const internalBody: ApiErrorBody = { msg: 'Ocorreu um erro interno. Tente novamente mais tarde.', code: 'internal' };

// Errors that Fastify raises itself before a handler runs, by their code.
const frameworkErrors: Record<string, [number, ApiErrorBody]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, { msg: 'O corpo da requisição não é um JSON válido.', code: 'bad-json' }],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, { msg: 'O corpo da requisição não é um JSON válido.', code: 'bad-json' }],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, { msg: 'O corpo da requisição é grande demais.', code: 'payload-too-large' }],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    { msg: 'O tipo de conteúdo da requisição não é aceito.', code: 'unsupported-media-type' },
  ],
};

export const databaseAwayBody: ApiErrorBody = {
  msg: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
  code: 'database-unavailable',
};

// Connection-level failures (the server restarting, refusing, or a connection cut) rather than a bad query:
// the database is away for a moment, not our bug. SQLSTATE classes 08 (connection exception) and 57P (operator
// intervention: admin shutdown, crash shutdown, cannot connect now).
const AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const AWAY_MESSAGE =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed/;

/** True when `error` (or what it wraps) says the database could not be reached. */
export function isDatabaseAway(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (AWAY_CODES.has(code) || /^(08...|57P0[123])$/.test(code))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && AWAY_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
  if (error instanceof RequestValidationError) {
    return reply.code(400).send({ msg: error.message, code: error.code, data: error.issues });
  }
  const known = frameworkErrors[error.code];
  if (known) return reply.code(known[0]).send(known[1]);
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply
      .code(429)
      .send({ msg: 'Muitas tentativas. Aguarde um pouco e tente novamente.', code: 'too-many-requests' });
  }
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ msg: 'A requisição não pôde ser atendida.', code: 'bad-request' });
  }
  if (isDatabaseAway(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', '5').send(databaseAwayBody);
  }
  // Anything else is ours to fix: the details go to the log, never to the client.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(internalBody);
}
