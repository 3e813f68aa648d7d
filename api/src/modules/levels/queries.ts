import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cyclePoints, storeUsers } from '../../db/schema';

/** What each participant with a level earned in the cycle (consultants have no level), for those who earned. */
export async function cycleEarnings(db: Db, year: number) {
  return db
    .select({ kind: cyclePoints.participantKind, id: cyclePoints.participantId, earned: cyclePoints.earned })
    .from(cyclePoints)
    .leftJoin(
      storeUsers,
      and(eq(cyclePoints.participantKind, 'shopkeeper'), eq(storeUsers.id, cyclePoints.participantId)),
    )
    .where(
      and(eq(cyclePoints.cycleYear, year), or(isNull(storeUsers.id), ne(storeUsers.shopkeeperType, 'consultant'))),
    );
}
