import type { ApiError as ApiErrorBody } from '@especifica/mf-shared/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from './zod';

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

export const httpErrors = {
  invalidToken: () =>
    new HttpError(401, { msg: 'Sessão expirada ou inválida. Entre novamente.', code: 'auth.invalid-token' }),
  forbidden: () =>
    new HttpError(403, { msg: 'Você não tem permissão para acessar este recurso.', code: 'auth.forbidden' }),
  invalidCredentials: () => new HttpError(401, { msg: 'Login ou senha inválidos', code: 'invalid.credentials' }),
  tooManyRequests: (retryAfterSeconds: number) =>
    new HttpError(
      429,
      { msg: 'Muitas tentativas. Aguarde um pouco e tente novamente.', code: 'too-many-requests' },
      { 'retry-after': String(retryAfterSeconds) },
    ),
  notFound: (msg = 'Recurso não encontrado.') => new HttpError(404, { msg, code: 'not-found' }),
  /** Spec 8, for an id that is not the caller's (answered as not found, so it tells nothing about others). */
  invalidId: () =>
    new HttpError(404, { msg: 'Ocorreu um erro, por favor tente novamente (id inválido).', code: 'invalid-id' }),
};

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
  // Anything else is ours to fix: the details go to the log, never to the client.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(internalBody);
}
