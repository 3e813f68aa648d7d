import {
  levelsSchema,
  messageSchema,
  participantStandingSchema,
  settingsSchema,
  updateLevelsBodySchema,
} from '@especifica/mf-shared/contracts';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { cachedStanding, levelRules, participantOf } from '../ledger';
import { updateLevels, updateSettings } from './service';

const levelOut = (level: { id: string; name: string; threshold: number; sublevels: number; benefits: string }) => ({
  id: level.id,
  name: level.name,
  points: fromHundredths(level.threshold),
  sublevels: level.sublevels,
  benefits: level.benefits,
});

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
      await updateLevels(db, principalOf(request), request.body.levels, cycleYear(deps.now()));
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
      reviewDeadlineDays: settings.reviewDeadlineDays,
      automaticReview: settings.autoReview,
      automaticReviewHoldHours: settings.autoReviewHoldHours,
      automaticReviewMaxTotal: fromHundredths(settings.autoReviewMaxTotal),
      automaticReviewMaxAgeDays: settings.autoReviewMaxAgeDays,
      automaticReviewSamplePercent: settings.autoReviewSampleBp / 100,
      riskInvoicesPerDay: settings.riskInvoicesPerDay,
      riskTotalAbove: fromHundredths(settings.riskTotalAbove),
      retentionYears: settings.retentionYears,
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
      await updateSettings(db, principalOf(request), request.body);
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
        progress: hideLevel ? 0 : (standing?.progress ?? 0),
        cycleYear: year,
        benefits: hideLevel ? '' : (rules.find((rule) => rule.name === standing?.name)?.benefits ?? ''),
        levels: hideLevel ? [] : rules.map(levelOut),
      };
    },
  );
}
