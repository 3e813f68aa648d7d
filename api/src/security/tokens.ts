import type { Role, ShopkeeperType } from '@especifica/mf-shared/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';

export interface TokenClaims {
  sub: string;
  role: Role;
  /** The account's token_version when the token was issued; a bump revokes it. */
  tv: number;
  shopkeeperType?: ShopkeeperType;
  /** The other accounts ("role:id") that the same credentials opened at login: the ones /accounts may switch to. */
  acc?: string[];
}

const ISSUER = 'especifica-api';
const roles = new Set<string>(['admin', 'professional', 'shopkeeper']);

export interface Tokens {
  sign(claims: TokenClaims): string;
  /** The claims of a valid token, or null for anything else (malformed, forged, other algorithm, expired). */
  verify(token: string): TokenClaims | null;
}

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  // HS256 pinned on both sides: a token that names another algorithm (`none` included) is refused.
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000, iss: ISSUER });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['exp', 'sub', 'role', 'tv'],
    cache: false,
  });
  // Every signed-in request presents its token again: one verified is known by its exact text until it expires
  // (the session check still runs on each request). A forged token is another text, and is verified.
  const verified = new LRUCache<string, TokenClaims>({ max: 10_000 });
  return {
    sign: (claims) => signer({ ...claims }),
    verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const payload = verifier(token) as Record<string, unknown>;
        const { sub, role, tv, exp, shopkeeperType, acc } = payload;
        if (typeof sub !== 'string' || typeof role !== 'string' || !roles.has(role)) return null;
        if (typeof tv !== 'number' || !Number.isInteger(tv)) return null;
        const claims: TokenClaims = {
          sub,
          role: role as Role,
          tv,
          ...(typeof shopkeeperType === 'string' ? { shopkeeperType: shopkeeperType as ShopkeeperType } : {}),
          ...(Array.isArray(acc) && acc.every((a) => typeof a === 'string') ? { acc: acc as string[] } : {}),
        };
        const remaining = (exp as number) * 1000 - Date.now();
        if (remaining > 0) verified.set(token, Object.freeze(claims), { ttl: remaining });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** Short-lived tokens for one step between login and a session: accepting the terms, finishing a registration. */
export type Purpose = 'accept-terms' | 'finish-register';

export interface PurposeClaims {
  sub: string;
  role: Role;
  purpose: Purpose;
  tv: number;
  acc?: string[];
}

export interface PurposeTokens {
  sign(claims: PurposeClaims): string;
  verify(token: string, purpose: Purpose): PurposeClaims | null;
}

// Another issuer: an access token is never accepted as a step token, nor a step token as an access token.
const STEP_ISSUER = 'especifica-api/step';

export function createPurposeTokens(secret: string, ttlSeconds = 30 * 60): PurposeTokens {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000, iss: STEP_ISSUER });
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: STEP_ISSUER,
    requiredClaims: ['exp', 'sub', 'role', 'purpose', 'tv'],
    cache: false,
  });
  return {
    sign: (claims) => signer({ ...claims }),
    verify(token, purpose) {
      try {
        const payload = verifier(token) as Record<string, unknown>;
        const { sub, role, tv, acc } = payload;
        if (payload.purpose !== purpose || typeof sub !== 'string' || typeof tv !== 'number') return null;
        if (typeof role !== 'string' || !roles.has(role)) return null;
        return {
          sub,
          role: role as Role,
          purpose,
          tv,
          ...(Array.isArray(acc) ? { acc: acc.filter((a): a is string => typeof a === 'string') } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
