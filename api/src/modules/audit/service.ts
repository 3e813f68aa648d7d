import type { Db } from '../../db/client';
import { audit } from '../../kernel/audit';
import type { Principal } from '../../kernel/principal';
import { runExpiryJob } from '../ledger';

/** The expiry job run by an admin's hand (it normally runs from a scheduler), recorded with its result. */
export async function runExpiryByHand(db: Db, actor: Principal, now: Date) {
  const run = await runExpiryJob(db, now);
  await audit(db, actor, { action: 'expire-points', entity: 'ledger', after: run });
  return run;
}
