import {
  approvalMessages,
  storeTeamQuerySchema,
  storeUserApprovalBodySchema,
  storeUserSchema,
  storeUsersPageSchema,
  withMessage,
} from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { type Principal, principalOf } from '../../kernel/principal';
import { decideApproval, storeOfShopkeeper, storeUsersPage } from '../stores';

/** The store of a manager; any other shopkeeper (seller, consultant) is refused. */
async function storeOfManager(
  deps: Pick<AccountDeps, 'db'>,
  principal: Principal,
  refusal: string = approvalMessages.managersOnly,
): Promise<string> {
  // The type comes from the session's own row (the guard reads it), never from the client.
  if (principal.shopkeeperType !== 'manager') throw fail.forbidden(refusal, 'managers-only');
  return storeOfShopkeeper(deps.db, principal);
}

/**
 * A store's manager sees the store's team and decides on the shopkeepers who signed up alone to that store (domain:
 * shopkeeper accounts), with the same effects as an admin's decision; the audit names the manager.
 */
export async function managerApprovalRoutes(app: App, deps: AccountDeps) {
  // The store's people as the manager leads them: approved ones, each with type, state and points.
  app.get(
    '/shopkeeper/store-users/team',
    {
      config: { guard: ['shopkeeper'] },
      schema: { querystring: storeTeamQuerySchema, response: { 200: storeUsersPageSchema } },
    },
    async (request) => {
      const storeId = await storeOfManager(deps, principalOf(request), approvalMessages.teamManagersOnly);
      return storeUsersPage(deps.db, { ...request.query, storeId, approval: 'approved' });
    },
  );

  app.get(
    '/shopkeeper/store-users/pending',
    {
      config: { guard: ['shopkeeper'] },
      schema: { querystring: storeTeamQuerySchema, response: { 200: storeUsersPageSchema } },
    },
    async (request) => {
      const storeId = await storeOfManager(deps, principalOf(request));
      return storeUsersPage(deps.db, { ...request.query, storeId, approval: 'pending' });
    },
  );

  app.post(
    '/shopkeeper/store-users/approve',
    {
      config: { guard: ['shopkeeper'] },
      schema: { body: storeUserApprovalBodySchema, response: { 200: withMessage(storeUserSchema) } },
    },
    async (request) => {
      const principal = principalOf(request);
      const storeId = await storeOfManager(deps, principal);
      return decideApproval(deps, principal, request.body.id, request.body.approval, { storeId });
    },
  );
}
