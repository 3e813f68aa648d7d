import { fail } from '../kernel/errors';

// PostgreSQL cannot store U+0000 in text or jsonb: a NUL reaching a query is a 500. No field of the product means
// one, so any request that carries it (body, query, path or form field) is refused before it reaches a handler.

/** True when a string anywhere inside `value` holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null) return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

export const nulRefused = () =>
  fail.badRequest('O texto enviado tem um caractere inválido (NUL). Remova-o e tente novamente.', 'invalid-character');
