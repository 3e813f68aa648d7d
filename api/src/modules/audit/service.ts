import type { Db } from '../../db/client';
import { audit } from '../../kernel/audit';
import type { Principal } from '../../kernel/principal';
import { type Reminders, runExpiryJob } from '../ledger';

/** The expiry job run by an admin's hand (it normally runs on its schedule), reminders included, recorded. */
export async function runExpiryByHand(db: Db, reminders: Reminders, actor: Principal, now: Date) {
  const run = await runExpiryJob(db, now, reminders);
  await audit(db, actor, { action: 'expire-points', entity: 'ledger', after: run });
  return run;
}
