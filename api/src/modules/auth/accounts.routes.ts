import { accountListSchema, loginResponseSchema, switchAccountBodySchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { principalOf } from '../../kernel/principal';
import { type Account, accountRef, findAccountById } from './queries';
import { sessionFor } from './service';
import { currentTerms, needsTerms } from './terms.queries';

async function linkedAccounts(deps: AccountDeps, refs: string[]): Promise<Account[]> {
  const accounts = await Promise.all(
    refs.map((ref) => {
      const [role, id] = ref.split(':');
      return role === 'professional' || role === 'shopkeeper' ? findAccountById(deps.db, role, id ?? '') : null;
    }),
  );
  return accounts.filter((account): account is Account => account?.canSignIn === true);
}

const switchError = () =>
  fail.forbidden('Não foi possível trocar de conta. Entre novamente.', 'ACCOUNT_SWITCHED_ERROR');

/** Several accounts under one e-mail (domain: people and accounts): the list and the switch among them. */
export async function accountRoutes(app: App, deps: AccountDeps) {
  app.get(
    '/auth/accounts',
    { config: { guard: ['professional', 'shopkeeper'] }, schema: { response: { 200: accountListSchema } } },
    async (request) => {
      const principal = principalOf(request);
      const current = `${principal.role}:${principal.id}`;
      const refs = principal.linked.includes(current) ? principal.linked : [current, ...principal.linked];
      const accounts = await linkedAccounts(deps, refs);
      return {
        accounts: accounts.map((account) => ({
          id: account.id,
          role: account.role,
          name: account.name,
          shopkeeperType: account.shopkeeperType,
          storeName: account.storeName,
          current: accountRef(account) === current,
        })),
      };
    },
  );

  app.post(
    '/auth/switch-account',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { body: switchAccountBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const target = `${request.body.role}:${request.body.id}`;
      // Only the accounts that the same password opened at login: a session never widens itself.
      if (!principal.linked.includes(target)) throw switchError();
      const [account] = await linkedAccounts(deps, [target]);
      if (!account) throw switchError();
      if (needsTerms(account, await currentTerms(deps.db))) {
        throw fail.conflict(
          'Aceite o regulamento atual entrando novamente para usar esta conta.',
          'ACCOUNT_SWITCHED_ERROR',
        );
      }
      return sessionFor(deps, account, principal.linked);
    },
  );
}
