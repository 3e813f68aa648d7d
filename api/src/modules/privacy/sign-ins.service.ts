import type { Role } from '@especifica/mf-shared/contracts';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signIns } from '../../db/schema';
import { touchSignIn } from './retention.service';
import { ipHashOf } from './service';

/** Six months: what the Marco Civil (Lei 12.965/2014, art. 15) asks an application to keep of its access records. */
export const SIGN_IN_KEEP_DAYS = 183;
export const SIGN_INS_JOB = 'privacy.sign-ins';

export interface SignInContext {
  ip: string | null;
  userAgent: string | null;
  secret: string;
}

export const signInContextOf = (
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
  secret: string,
): SignInContext => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null, secret };
};

/** One record per account a login opened ("role:id", as the session's linked accounts are written). */
export async function recordSignIns(db: Db, linked: string[], context: SignInContext) {
  const ipHash = ipHashOf(context.secret, context.ip);
  const rows = linked.flatMap((ref) => {
    const [role, accountId] = ref.split(':') as [Role, string | undefined];
    return accountId ? [{ role, accountId, ipHash, userAgent: context.userAgent }] : [];
  });
  if (rows.length === 0) return;
  await db.insert(signIns).values(rows);
  const now = new Date();
  for (const row of rows) await touchSignIn(db, row.role, row.accountId, now);
}

/** Deletes the sign-ins older than six months; answers how many. */
export async function purgeSignIns(db: Db, now: Date) {
  const before = new Date(now.getTime() - SIGN_IN_KEEP_DAYS * 86_400_000);
  const deleted = await db.delete(signIns).where(lt(signIns.createdAt, before)).returning({ id: signIns.id });
  return deleted.length;
}
