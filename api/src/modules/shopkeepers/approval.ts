import { approvalMessages } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { storeUsers } from '../../db/schema';
import { addRouteHook } from '../../http/route-hooks';
import type { App } from '../../http/zod';
import { fail } from '../../kernel/errors';

/**
 * What a shopkeeper waiting for approval cannot do (domain: shopkeeper accounts): register sales, upload files,
 * invite, or read rankings. Logging in and reading their own data go on, so they can see where they stand.
 */
export const heldWhilePending = new Set([
  '/shopkeeper/invoices/create',
  '/shopkeeper/invoices/read-nfe',
  '/shopkeeper/invites/invite',
  '/shopkeeper/seller-ranking',
  '/shopkeeper/store-users/pending',
  '/shopkeeper/store-users/team',
  '/shopkeeper/store-users/approve',
  '/professionals/set-profile-image',
]);

/** Answers 403 with the pt-BR reason to a pending (or refused) shopkeeper on the routes above (and on them alone). */
export function holdPendingShopkeepers(app: App, db: Db) {
  const hold = async (request: FastifyRequest) => {
    const principal = request.principal;
    if (principal?.role !== 'shopkeeper') return;
    const [row] = await db
      .select({ approval: storeUsers.approval })
      .from(storeUsers)
      .where(eq(storeUsers.id, principal.id));
    if (row && row.approval !== 'approved') throw fail.forbidden(approvalMessages.pending, 'shopkeeper-pending');
  };
  app.addHook('onRoute', (route) => {
    if (heldWhilePending.has(route.url.replace(/^\/api(?=\/)/, ''))) addRouteHook(route, 'preValidation', hold);
  });
}
