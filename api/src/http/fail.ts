import { HttpError } from './errors';

// The programme's errors: each a pt-BR sentence a person can act on and a stable code (domain: errors).
export const fail = {
  notFound: (msg = 'Registro não encontrado.', code = 'not-found') => new HttpError(404, { msg, code }),
  conflict: (msg: string, code: string, data?: unknown) =>
    new HttpError(409, { msg, code, ...(data === undefined ? {} : { data }) }),
  invalid: (msg: string, code: string, data?: unknown) =>
    new HttpError(422, { msg, code, ...(data === undefined ? {} : { data }) }),
  badRequest: (msg: string, code: string, data?: unknown) =>
    new HttpError(400, { msg, code, ...(data === undefined ? {} : { data }) }),
  tooLarge: (msg: string, code = 'payload-too-large') => new HttpError(413, { msg, code }),
};

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (as its cause). */
export function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** The name of the constraint a database error broke, when the driver says. */
export function violatedConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
