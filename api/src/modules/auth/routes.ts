import {
  acceptTermsBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageSchema,
  type Role,
  recoverBodySchema,
  resetBodySchema,
  termsPendingSchema,
  termsSchema,
} from '@especifica/mf-shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { consentContextOf, recordSignIns, signInContextOf } from '../privacy';
import { accountRoutes } from './accounts.routes';
import { normalizeEmail } from './queries';
import { recoverAnswer, requestResetCode, resetPassword } from './recovery.service';
import { acceptTerms, login } from './service';
import { currentTerms } from './terms.queries';

// Each role signs in, recovers and resets at its own routes (spec 7.2), so one e-mail may hold accounts of each kind.
const byRole: Array<{ role: Role; login: string; recover: string; reset: string }> = [
  { role: 'professional', login: '/auth/login', recover: '/auth/recover', reset: '/auth/reset' },
  {
    role: 'shopkeeper',
    login: '/auth/shopkeeper-login',
    recover: '/auth/recover-shopkeeper',
    reset: '/auth/reset-shopkeeper',
  },
  { role: 'admin', login: '/auth/admin-login', recover: '/auth/cms/recover', reset: '/auth/cms/reset' },
];

const accountKey = (role: Role, email: string) => `${role}:${normalizeEmail(email)}`;
const ipKey = (request: FastifyRequest) => request.ip;

export async function authRoutes(app: App, deps: AccountDeps) {
  const { limiter } = deps;

  for (const { role, login: loginUrl, recover, reset } of byRole) {
    app.post(
      loginUrl,
      {
        config: { guard: 'public' },
        schema: { body: loginBodySchema, response: { 200: z.union([loginResponseSchema, termsPendingSchema]) } },
      },
      async (request) => {
        const account = accountKey(role, request.body.email);
        await limiter.hit(request, 'loginIp', ipKey(request));
        await limiter.check(request, 'loginIpFailures', ipKey(request));
        await limiter.check(request, 'loginAccountFailures', account);
        const outcome = await login(deps, role, request.body);
        if (outcome.kind === 'failed') {
          await limiter.hit(request, 'loginIpFailures', ipKey(request));
          await limiter.hit(request, 'loginAccountFailures', account);
          throw fail.invalidCredentials();
        }
        if (outcome.kind === 'terms') return outcome.pending;
        // Every account the login opened (a person with accounts at several stores opens them all).
        await recordSignIns(deps.db, outcome.linked, signInContextOf(request, deps.config.jwtSecret));
        return outcome.session;
      },
    );

    app.post(
      recover,
      { config: { guard: 'public' }, schema: { body: recoverBodySchema, response: { 200: messageSchema } } },
      async (request) => {
        await limiter.hit(request, 'recoverIp', ipKey(request));
        await limiter.hit(request, 'recoverAccount', accountKey(role, request.body.email));
        await requestResetCode(deps, role, request.body);
        return recoverAnswer;
      },
    );

    app.post(
      reset,
      { config: { guard: 'public' }, schema: { body: resetBodySchema, response: { 200: messageSchema } } },
      async (request) => {
        await limiter.hit(request, 'resetIp', ipKey(request));
        await limiter.hit(request, 'resetAccount', accountKey(role, request.body.email));
        await resetPassword(deps, role, request.body);
        return { msg: 'Senha alterada com sucesso. Entre com a nova senha.' };
      },
    );
  }

  app.get(
    '/auth/terms/current',
    { config: { guard: 'public' }, schema: { response: { 200: termsSchema } } },
    async () => {
      const terms = await currentTerms(deps.db);
      if (!terms) throw fail.notFound('Nenhum regulamento publicado.');
      return terms;
    },
  );

  app.post(
    '/auth/accept-terms',
    { config: { guard: 'public' }, schema: { body: acceptTermsBodySchema, response: { 200: loginResponseSchema } } },
    async (request) => {
      await limiter.hit(request, 'loginIp', ipKey(request));
      const accepted = await acceptTerms(
        deps,
        request.body,
        consentContextOf(request, deps.config.jwtSecret, 'terms-prompt'),
      );
      // Accepting opens the session: a sign-in of every account the login opened, as a plain login records.
      await recordSignIns(deps.db, accepted.linked, signInContextOf(request, deps.config.jwtSecret));
      return accepted.session;
    },
  );

  await accountRoutes(app, deps);
}
