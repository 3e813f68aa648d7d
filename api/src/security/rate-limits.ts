import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { App } from '../http/zod';
import { fail } from '../kernel/errors';

interface Rule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Per account and per IP. Login counts failures per account (a person who types the password right is never
 * locked out by repeated logins, as the end-to-end suite does), and every attempt per IP as a flood guard.
 */
export const rules = {
  loginAccountFailures: { max: 10, windowMs: 15 * MINUTE },
  loginIpFailures: { max: 100, windowMs: 15 * MINUTE },
  loginIp: { max: 600, windowMs: MINUTE },
  recoverAccount: { max: 5, windowMs: 60 * MINUTE },
  recoverIp: { max: 30, windowMs: 60 * MINUTE },
  resetAccount: { max: 10, windowMs: 15 * MINUTE },
  resetIp: { max: 60, windowMs: 15 * MINUTE },
  signUpIp: { max: 30, windowMs: 60 * MINUTE },
  lookupIp: { max: 120, windowMs: MINUTE },
  // Whether an e-mail has an account: no more than the sign-ups an address may make, so it cannot list users.
  emailLookupIp: { max: 30, windowMs: 60 * MINUTE },
  confirmIp: { max: 30, windowMs: 15 * MINUTE },
  uploadAccount: { max: 30, windowMs: 15 * MINUTE },
  // Imports and large exports, each a job that reads or writes a whole file.
  taskAccount: { max: 30, windowMs: 15 * MINUTE },
  // A busy store registers a sale a minute at most; a shared shop network may hold several accounts.
  invoiceAccount: { max: 100, windowMs: 60 * MINUTE },
  invoiceIp: { max: 300, windowMs: 60 * MINUTE },
  inviteAccount: { max: 40, windowMs: 60 * MINUTE },
  inviteIp: { max: 120, windowMs: 60 * MINUTE },
  // A registered customer's link to object: a person opens it a few times; guessing a token is hopeless anyway.
  customerNoticeIp: { max: 60, windowMs: 15 * MINUTE },
  // Reading an invoice's file before sending it (an NF-e XML, a DANFE's key): a worker's parse each.
  readingAccount: { max: 120, windowMs: 15 * MINUTE },
  // A seller confirming who a sale is for, by CPF or e-mail: enough for a day at the counter, too few to list people.
  professionalLookupAccount: { max: 60, windowMs: 15 * MINUTE },
  professionalLookupIp: { max: 240, windowMs: 15 * MINUTE },
  // A deletion request checks the password: no more tries than a login's failures.
  deletionAccount: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;

export interface RateLimiter {
  /** Counts one hit of `key` under `rule`; throws 429 once it is over the limit. */
  hit(request: FastifyRequest, rule: RuleName, key: string): Promise<void>;
  /** Throws 429 when `key` is already over the limit, without counting (for limits on failures only). */
  check(request: FastifyRequest, rule: RuleName, key: string): Promise<void>;
}

const KEY = Symbol('rate-limit-key');
type Keyed = FastifyRequest & { [KEY]?: string };

/**
 * The counters of @fastify/rate-limit (in memory, or in Redis when a client is given so that every replica shares
 * them), called from handlers because the keys need the parsed body (the e-mail) and some count failures only.
 */
export async function registerRateLimits(app: App, options: { redis: Redis | null; scale: number }) {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'especifica-rl:' } : {}),
    // A Redis outage must not lock everybody out of their accounts; it is logged by the client.
    skipOnError: true,
  });
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      app.createRateLimit({
        max: rule.max * options.scale,
        timeWindow: rule.windowMs,
        keyGenerator: (request) => `${name}:${(request as Keyed)[KEY] ?? ''}`,
      }),
    ]),
  ) as Record<RuleName, ReturnType<App['createRateLimit']>>;

  async function run(request: FastifyRequest, rule: RuleName, key: string, increment: boolean) {
    (request as Keyed)[KEY] = key;
    const result = await limiters[rule](request, { increment });
    if (result.isAllowed) return;
    const over = increment ? result.isExceeded : result.remaining <= 0;
    if (over) throw fail.tooManyRequests(Math.max(1, result.ttlInSeconds));
  }

  const limiter: RateLimiter = {
    hit: (request, rule, key) => run(request, rule, key, true),
    check: (request, rule, key) => run(request, rule, key, false),
  };
  return limiter;
}
