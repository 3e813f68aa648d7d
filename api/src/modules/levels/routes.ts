import {
  levelsSchema,
  messageSchema,
  participantStandingSchema,
  settingsSchema,
  updateLevelsBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cyclePoints, levels, storeUsers } from '../../db/schema';
import { cycleYear, type LevelRule, levelFor } from '../../domain/levels';
import { fromHundredths, toHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { notify } from '../../kernel/notifications';
import { saveSettings, settingsOf } from '../../kernel/settings';
import { principalOf } from '../../plugins/auth';
import { cachedStanding, levelRules } from '../ledger/queries';
import { participantOf } from '../ledger/service';

const levelOut = (level: { id: string; name: string; threshold: number; sublevels: number; benefits: string }) => ({
  id: level.id,
  name: level.name,
  points: fromHundredths(level.threshold),
  sublevels: level.sublevels,
  benefits: level.benefits,
});

/**
 * Tells each participant whose level of the cycle an edit of the levels changed (a new threshold, a rename, a level
 * added or removed) what it is now (domain: levels). Consultants have no level; nothing earned is the first level.
 */
async function notifyLevelChanges(db: Db, before: LevelRule[], after: LevelRule[], year: number) {
  const rows = await db
    .select({ kind: cyclePoints.participantKind, id: cyclePoints.participantId, earned: cyclePoints.earned })
    .from(cyclePoints)
    .leftJoin(
      storeUsers,
      and(eq(cyclePoints.participantKind, 'shopkeeper'), eq(storeUsers.id, cyclePoints.participantId)),
    )
    .where(
      and(eq(cyclePoints.cycleYear, year), or(isNull(storeUsers.id), ne(storeUsers.shopkeeperType, 'consultant'))),
    );
  const changed = new Map<string, { kind: 'professional' | 'shopkeeper'; id: string }[]>();
  for (const row of rows) {
    const was = levelFor(before, Number(row.earned))?.name ?? null;
    const now = levelFor(after, Number(row.earned))?.name ?? null;
    if (now === null || was === now) continue;
    changed.set(now, [...(changed.get(now) ?? []), { kind: row.kind, id: row.id }]);
  }
  for (const [level, recipients] of changed) {
    await notify(db, recipients, {
      type: 'level-changed',
      title: 'Seu nível mudou',
      message: `Com a atualização dos níveis do programa, seu nível agora é ${level}.`,
      data: { level },
    });
  }
}

export async function levelRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const listLevels = async () => ({ items: (await levelRules(db)).map(levelOut) });

  app.get(
    '/cms/config/get-levels',
    { config: { guard: ['admin'] }, schema: { response: { 200: levelsSchema } } },
    listLevels,
  );

  app.post(
    '/cms/config/update-levels',
    { config: { guard: ['admin'] }, schema: { body: updateLevelsBodySchema, response: { 200: levelsSchema } } },
    async (request) => {
      const wanted = request.body.levels;
      await db.transaction(async (tx) => {
        const before = await levelRules(tx);
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
        const after = await levelRules(tx);
        await audit(tx, principalOf(request), { action: 'update-levels', entity: 'levels', before, after });
        await notifyLevelChanges(tx, before, after, cycleYear(deps.now()));
      });
      return listLevels();
    },
  );

  const settingsOut = async () => {
    const settings = await settingsOf(db);
    return {
      pointsPerReal: fromHundredths(settings.pointsPerReal),
      shopkeeperSharePercent: settings.shopkeeperShareBp / 100,
      expiryMonths: settings.expiryMonths,
      customerWindowDays: settings.customerWindowDays,
    };
  };

  app.get(
    '/cms/config/get-settings',
    { config: { guard: ['admin'] }, schema: { response: { 200: settingsSchema } } },
    settingsOut,
  );

  app.post(
    '/cms/config/update-settings',
    { config: { guard: ['admin'] }, schema: { body: settingsSchema, response: { 200: messageSchema } } },
    async (request) => {
      const body = request.body;
      await db.transaction(async (tx) => {
        const before = await settingsOf(tx);
        const after = {
          pointsPerReal: toHundredths(body.pointsPerReal),
          shopkeeperShareBp: toHundredths(body.shopkeeperSharePercent),
          expiryMonths: body.expiryMonths,
          customerWindowDays: body.customerWindowDays,
        };
        await saveSettings(tx, after);
        await audit(tx, principalOf(request), { action: 'update-settings', entity: 'settings', before, after });
      });
      return { msg: 'Atualizado com sucesso!' };
    },
  );

  app.get(
    '/professionals/dashboard/get-level',
    {
      config: { guard: ['professional', 'shopkeeper'] },
      schema: { response: { 200: participantStandingSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const year = cycleYear(deps.now());
      const points = await cachedStanding(deps.caches.standings, db, participantOf(principal), year);
      const rules = points.rules;
      const standing = levelFor(rules, points.earned);
      // Consultants see points but no level (domain: people and accounts).
      const hideLevel = principal.shopkeeperType === 'consultant';
      return {
        level: hideLevel ? null : (standing?.name ?? null),
        sublevel: hideLevel ? 0 : (standing?.sublevel ?? 0),
        earnedInCycle: fromHundredths(points.earned),
        balance: fromHundredths(points.balance),
        nextLevel: hideLevel ? null : (standing?.nextLevel ?? null),
        pointsToNextLevel: hideLevel || standing?.toNextLevel == null ? null : fromHundredths(standing.toNextLevel),
        cycleYear: year,
        benefits: hideLevel ? '' : (rules.find((rule) => rule.name === standing?.name)?.benefits ?? ''),
        levels: hideLevel ? [] : rules.map(levelOut),
      };
    },
  );
}
