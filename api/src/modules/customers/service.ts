import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerWindows } from '../../db/schema';

/**
 * A customer's window from `now` to `until` (domain: customers): a renewal while the current window is open extends
 * it; a registration, or a renewal after the window lapsed, opens a new one, so that the gap between two windows
 * attributes nothing.
 */
export async function openCustomerWindow(tx: Db, customerId: string, now: Date, until: Date) {
  const [extended] = await tx
    .update(customerWindows)
    .set({ endsAt: until })
    .where(and(eq(customerWindows.customerId, customerId), gte(customerWindows.endsAt, now)))
    .returning({ id: customerWindows.id });
  if (!extended) await tx.insert(customerWindows).values({ customerId, startsAt: now, endsAt: until });
}
