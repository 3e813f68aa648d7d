import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Six digits from a CSPRNG, zero-padded so every code is equally likely. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A keyed hash: a million codes are nothing to try against a plain hash, so a leaked table must not be enough.
 * The code is bound to the role and e-mail it was issued for.
 */
export function hashResetCode(secret: string, role: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${role}\n${email}\n${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
