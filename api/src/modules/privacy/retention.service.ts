import { and, eq, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataRequests, professionals, storeUsers } from '../../db/schema';
import { auditMany } from '../../kernel/audit';
import type { Deps } from '../../kernel/deps';
import { settingsOf } from '../../kernel/settings';
import { retentionNoticeMail } from '../../mail/templates';
import { ANONYMISE_JOB } from './deletion.service';
import { saoPauloDay } from './format';

// Inactive accounts (issue 38, docs/privacy.md): an account without a sign-in for the setting's years is warned by
// e-mail 30 days before, then anonymised as a deletion request answered by "Sistema", unless it signs in meanwhile.

export const RETENTION_JOB = 'privacy.retention';
const DAY = 86_400_000;
const NOTICE_DAYS = 30;
/** Accounts handled by one run: a schedule runs daily, and a large backlog drains over a few days. */
const BATCH = 500;

const yearsBefore = (now: Date, years: number) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
};

type RetentionDeps = Pick<Deps, 'db' | 'mailer' | 'publicUrl' | 'jobs'>;

export async function runRetention(deps: RetentionDeps, now: Date) {
  const { retentionYears } = await settingsOf(deps.db);
  const limit = yearsBefore(now, retentionYears);
  const warnFrom = new Date(limit.getTime() + NOTICE_DAYS * DAY);
  let warned = 0;
  let anonymised = 0;
  for (const [kind, table] of [
    ['professional', professionals],
    ['shopkeeper', storeUsers],
  ] as const) {
    const activity = sql<Date>`coalesce(${table.lastSignInAt}, ${table.createdAt})`;
    // An account that can sign in (a usable password): not a lead, nor one already anonymised.
    const usable = like(table.passwordHash, '$argon2%');
    await deps.db.transaction(async (tx) => {
      const due = await tx
        .update(table)
        .set({ retentionNoticeAt: now })
        .where(
          sql`${table.id} in (select id from ${table} where ${and(usable, isNull(table.retentionNoticeAt), sql`${activity} < ${warnFrom.toISOString()}::timestamptz`)} limit ${BATCH} for update skip locked)`,
        )
        .returning({ id: table.id, name: table.name, email: table.email });
      const until = saoPauloDay.format(new Date(now.getTime() + NOTICE_DAYS * DAY));
      for (const person of due) {
        await deps.mailer.enqueue(
          tx,
          retentionNoticeMail(person.email, person.name, retentionYears, until, `${deps.publicUrl}/login`),
        );
      }
      warned += due.length;
    });
    await deps.db.transaction(async (tx) => {
      // Warned 30 days ago or more, and no sign-in since: a request answered by the system, then the anonymisation.
      const expired = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            usable,
            lt(table.retentionNoticeAt, new Date(now.getTime() - NOTICE_DAYS * DAY)),
            lt(activity, table.retentionNoticeAt),
            sql`not exists (select 1 from ${dataRequests} r where r.subject_kind = ${kind} and r.subject_id = ${table.id} and r.state in ('received', 'in-progress'))`,
          ),
        )
        .limit(BATCH);
      if (expired.length === 0) return;
      const requests = await tx
        .insert(dataRequests)
        .values(
          expired.map((person) => ({
            subjectKind: kind,
            subjectId: person.id,
            state: 'in-progress' as const,
            deadline: now,
            handledBy: 'Sistema (inatividade)',
            handledAt: now,
            createdAt: now,
          })),
        )
        .returning({ id: dataRequests.id, subjectId: dataRequests.subjectId });
      await auditMany(
        tx,
        null,
        requests.map((request) => ({
          action: 'retention',
          entity: 'data-request',
          entityId: request.id,
          after: { state: 'in-progress', subject: { kind, id: request.subjectId }, years: retentionYears },
        })),
      );
      for (const request of requests) await deps.jobs.send(ANONYMISE_JOB, { dataRequestId: request.id }, tx);
      anonymised += requests.length;
    });
  }
  if (anonymised > 0) deps.jobs.wake(ANONYMISE_JOB);
  return { warned, anonymised };
}

/** A sign-in keeps the account: its time, and no warning pending. */
export async function touchSignIn(db: Db, kind: 'professional' | 'shopkeeper' | 'admin', id: string, now: Date) {
  if (kind === 'admin') return;
  const table = kind === 'professional' ? professionals : storeUsers;
  await db.update(table).set({ lastSignInAt: now, retentionNoticeAt: null }).where(eq(table.id, id));
}
