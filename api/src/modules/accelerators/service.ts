import {
  acceleratorMessages,
  type CreateAcceleratorBody,
  type UpdateAcceleratorBody,
} from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accelerators, products, stores } from '../../db/schema';
import { insertAudited, updateAudited } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import type { AcceleratorRow } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function checkTarget(db: Db, targetType: AcceleratorRow['targetType'], targetValue: string) {
  if (targetType !== 'product' && targetType !== 'store') return;
  const table = targetType === 'product' ? products : stores;
  const found = UUID.test(targetValue) && (await db.$count(table, eq(table.id, targetValue))) > 0;
  if (!found) throw fail.invalid(acceleratorMessages.targetValue, 'accelerator-target-not-found');
}

/** Creates an accelerator whose product or store exists; returns its id. */
export async function createAccelerator(db: Db, actor: Principal, body: CreateAcceleratorBody): Promise<string> {
  await checkTarget(db, body.targetType, body.targetValue);
  const row = await insertAudited(
    db,
    actor,
    { table: accelerators, entity: 'accelerator' },
    {
      ...body,
      multiplier: Math.round(body.multiplier * 100),
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
    },
  );
  return row.id;
}

/** Changes an accelerator: the merged period must still end after it starts, and its target must exist. */
export async function updateAccelerator(db: Db, actor: Principal, body: UpdateAcceleratorBody): Promise<void> {
  const { id, multiplier, startsAt, endsAt, ...rest } = body;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(accelerators).where(eq(accelerators.id, id));
    if (!before) throw fail.notFound(acceleratorMessages.notFound);
    const next = {
      ...rest,
      ...(multiplier === undefined ? {} : { multiplier: Math.round(multiplier * 100) }),
      ...(startsAt === undefined ? {} : { startsAt: new Date(startsAt) }),
      ...(endsAt === undefined ? {} : { endsAt: new Date(endsAt) }),
    };
    const merged = { ...before, ...next };
    if (merged.endsAt <= merged.startsAt) {
      throw fail.badRequest('A data final precisa ser depois da inicial.', 'validation');
    }
    await checkTarget(tx, merged.targetType, merged.targetValue);
    await updateAudited(tx, actor, { table: accelerators, entity: 'accelerator' }, before, next);
  });
}
