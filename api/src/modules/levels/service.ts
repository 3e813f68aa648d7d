import type { Settings } from '@especifica/mf-shared/contracts';
import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cyclePoints, levels, notifications, professionals, storeUsers } from '../../db/schema';
import { type LevelRule, levelFor } from '../../domain/levels';
import { toHundredths } from '../../domain/points';
import { audit } from '../../kernel/audit';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import { saveSettings, settingsOf } from '../../kernel/settings';
import { levelRules } from '../ledger';
import { cycleEarnings } from './queries';

export interface WantedLevel {
  id?: string | undefined;
  name: string;
  points: number;
  sublevels: number;
  benefits: string;
}

/** Replaces the list of levels: keeps (and edits) those with a known id, removes the others, adds the new ones. */
async function replaceLevels(tx: Db, before: readonly { id: string }[], wanted: readonly WantedLevel[]) {
  const keep = wanted.flatMap((level) => (level.id ? [level.id] : []));
  const known = new Set(before.map((level) => level.id));
  // Unique names and thresholds would clash mid-way when two levels swap: park the kept ones first.
  if (keep.length > 0) {
    await tx
      .update(levels)
      .set({ name: sql`${levels.id}::text`, threshold: sql`1000000000000000 + ${levels.threshold}` })
      .where(inArray(levels.id, keep));
  }
  await tx.delete(levels).where(keep.length > 0 ? notInArray(levels.id, keep) : sql`true`);
  for (const level of wanted) {
    const values = {
      name: level.name,
      threshold: toHundredths(level.points),
      sublevels: level.sublevels,
      benefits: level.benefits,
    };
    if (level.id && known.has(level.id)) await tx.update(levels).set(values).where(eq(levels.id, level.id));
    else await tx.insert(levels).values(values);
  }
}

const levelChanged = (level: string) => ({
  type: 'level-changed',
  title: 'Seu nível mudou',
  message: `Com a atualização dos níveis do programa, seu nível agora é ${level}.`,
  data: { level },
});

/** Recipients per insert: a statement holds at most 65,535 parameters. */
const NOTIFY_BATCH = 5_000;

/**
 * Tells each participant whose level of the cycle an edit of the levels changed (a new threshold, a rename, a level
 * added or removed) what it is now (domain: levels). Consultants have no level; nothing earned is the first level,
 * so everyone who earned nothing in the cycle (no row of cycle points) moves together with the first level.
 */
async function notifyLevelChanges(db: Db, before: LevelRule[], after: LevelRule[], year: number) {
  const rows = await cycleEarnings(db, year);
  const changed = new Map<string, { kind: 'professional' | 'shopkeeper'; id: string }[]>();
  for (const row of rows) {
    const was = levelFor(before, Number(row.earned))?.name ?? null;
    const now = levelFor(after, Number(row.earned))?.name ?? null;
    if (now === null || was === now) continue;
    changed.set(now, [...(changed.get(now) ?? []), { kind: row.kind, id: row.id }]);
  }
  for (const [level, recipients] of changed) {
    for (let start = 0; start < recipients.length; start += NOTIFY_BATCH) {
      await notify(db, recipients.slice(start, start + NOTIFY_BATCH), levelChanged(level));
    }
  }

  const wasAtZero = levelFor(before, 0)?.name ?? null;
  const nowAtZero = levelFor(after, 0)?.name ?? null;
  if (nowAtZero === null || wasAtZero === nowAtZero) return;
  // Those who earned nothing in the cycle have no row: one statement each for professionals and for sellers and
  // managers, however many they are.
  const notice = levelChanged(nowAtZero);
  const noRow = (kind: 'professional' | 'shopkeeper', id: typeof professionals.id | typeof storeUsers.id) =>
    sql`not exists (select 1 from ${cyclePoints} where ${cyclePoints.participantKind} = ${kind}
      and ${cyclePoints.participantId} = ${id} and ${cyclePoints.cycleYear} = ${year})`;
  const columns = sql`(recipient_kind, recipient_id, type, title, message, data)`;
  const values = sql`${notice.type}, ${notice.title}, ${notice.message}, ${JSON.stringify(notice.data)}::jsonb`;
  await db.execute(
    sql`insert into ${notifications} ${columns}
      select 'professional'::recipient_kind, ${professionals.id}, ${values} from ${professionals}
      where ${noRow('professional', professionals.id)}`,
  );
  await db.execute(
    sql`insert into ${notifications} ${columns}
      select 'shopkeeper'::recipient_kind, ${storeUsers.id}, ${values} from ${storeUsers}
      where ${storeUsers.shopkeeperType} <> 'consultant' and ${noRow('shopkeeper', storeUsers.id)}`,
  );
}

/** An admin's edit of the levels: the new list, its audit record and the notices of those whose level changed. */
export async function updateLevels(db: Db, actor: Principal, wanted: readonly WantedLevel[], year: number) {
  await db.transaction(async (tx) => {
    const before = await levelRules(tx);
    await replaceLevels(tx, before, wanted);
    const after = await levelRules(tx);
    await audit(tx, actor, { action: 'update-levels', entity: 'levels', before, after });
    await notifyLevelChanges(tx, before, after, year);
  });
}

/** An admin's edit of the programme's settings, with its audit record. */
export async function updateSettings(db: Db, actor: Principal, body: Settings) {
  await db.transaction(async (tx) => {
    const before = await settingsOf(tx);
    const after = {
      pointsPerReal: toHundredths(body.pointsPerReal),
      shopkeeperShareBp: toHundredths(body.shopkeeperSharePercent),
      expiryMonths: body.expiryMonths,
      customerWindowDays: body.customerWindowDays,
      // Left out (the form of today sends none of these), each keeps its saved value.
      reviewDeadlineDays: body.reviewDeadlineDays ?? before.reviewDeadlineDays,
      autoReview: body.automaticReview ?? before.autoReview,
      autoReviewHoldHours: body.automaticReviewHoldHours ?? before.autoReviewHoldHours,
      autoReviewMaxTotal: optionalHundredths(body.automaticReviewMaxTotal) ?? before.autoReviewMaxTotal,
      autoReviewMaxAgeDays: body.automaticReviewMaxAgeDays ?? before.autoReviewMaxAgeDays,
      autoReviewSampleBp: optionalHundredths(body.automaticReviewSamplePercent) ?? before.autoReviewSampleBp,
      riskInvoicesPerDay: body.riskInvoicesPerDay ?? before.riskInvoicesPerDay,
      riskTotalAbove: optionalHundredths(body.riskTotalAbove) ?? before.riskTotalAbove,
      retentionYears: body.retentionYears ?? before.retentionYears,
    };
    await saveSettings(tx, after);
    await audit(tx, actor, { action: 'update-settings', entity: 'settings', before, after });
  });
}

const optionalHundredths = (value: number | undefined) => (value === undefined ? undefined : toHundredths(value));
