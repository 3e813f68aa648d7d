import {
  attendanceAnswerSchema,
  experienceMessages,
  idParamsSchema,
  participantExperienceSchema,
  participantExperiencesPageSchema,
  participantExperiencesQuerySchema,
  qrCodeBodySchema,
  qrCodeParamsSchema,
  subscribeBodySchema,
  subscribersPageSchema,
  subscribersQuerySchema,
  subscriptionAnswerSchema,
} from '@especifica/mf-shared/contracts';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { outer } from '../../db/rows';
import { experienceCategories, experienceSubscriptions, experiences } from '../../db/schema';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { type Principal, principalOf } from '../../kernel/principal';
import { participantOf, pointsAndLevels } from '../ledger';
import { experiencesOpen } from '../professions';
import {
  experienceOut,
  experiencesPage,
  findExperience,
  happensInMonth,
  isSubscribed,
  subscribersPage,
} from './queries';
import { cancelOwnSubscription, confirmOwnAttendance, subscribeTo } from './service';

export async function experienceParticipantRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  const participants = { guard: ['professional', 'shopkeeper'] as ['professional', 'shopkeeper'] };

  /** What this participant may see: active experiences of their own kind. */
  const visibleTo = (principal: Principal) =>
    and(eq(experiences.active, true), eq(experienceCategories.type, participantOf(principal).kind));

  const subscribedBy = (principal: Principal) => {
    const me = participantOf(principal);
    return sql<boolean>`exists (select 1 from ${experienceSubscriptions} s where s.experience_id = ${outer(experiences.id)}
      and s.participant_kind = ${me.kind} and s.participant_id = ${me.id} and s.status = 'subscribed')`;
  };

  /** What decides how this participant sees an experience: their level's threshold, and the open rule. */
  async function viewOf(principal: Principal) {
    const open = principal.role === 'professional' && (await experiencesOpen(db, principal.id));
    return { threshold: open ? 0 : await myThreshold(principal), open };
  }

  async function myThreshold(principal: Principal) {
    const points = await pointsAndLevels(db, participantOf(principal), cycleYear(deps.now()));
    const rules = points.rules;
    const name = levelFor(rules, points.earned)?.name;
    return rules.find((rule) => rule.name === name)?.threshold ?? 0;
  }

  const participantOut =
    ({ threshold, open }: { threshold: number; open: boolean }) =>
    (row: Parameters<typeof experienceOut>[0] & { subscribed?: unknown; minLevelThreshold?: unknown }) => {
      const experience = experienceOut(row);
      return {
        ...experience,
        points: open ? 0 : experience.points,
        subscribed: Boolean(row.subscribed),
        eligible: open || row.minLevelThreshold == null || threshold >= Number(row.minLevelThreshold),
        open,
      };
    };

  /** One experience as this participant sees it; `anyState` also finds one switched off (after cancelling it). */
  async function oneFor(principal: Principal, id: string, anyState = false) {
    const scope = anyState ? eq(experienceCategories.type, participantOf(principal).kind) : visibleTo(principal);
    const found = await findExperience(db, id, scope);
    const subscribed = await isSubscribed(db, subscribedBy(principal), id);
    return participantOut(await viewOf(principal))({ ...found, subscribed });
  }

  app.get(
    '/professionals/experiences/get-all',
    {
      config: participants,
      schema: { querystring: participantExperiencesQuerySchema, response: { 200: participantExperiencesPageSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const query = request.query;
      const conditions: (SQL | undefined)[] = [visibleTo(principal), gt(experiences.happensAt, deps.now())];
      if (query.categoryId) conditions.push(eq(experiences.categoryId, query.categoryId));
      if (query.month) conditions.push(happensInMonth(query.month));
      if (query.subscribed !== undefined) {
        conditions.push(query.subscribed ? subscribedBy(principal) : sql`not ${subscribedBy(principal)}`);
      }
      return experiencesPage(db, and(...conditions), query, participantOut(await viewOf(principal)), {
        subscribed: subscribedBy(principal),
      });
    },
  );

  app.get(
    '/professionals/experiences/get-one/:id',
    { config: participants, schema: { params: idParamsSchema, response: { 200: participantExperienceSchema } } },
    (request) => oneFor(principalOf(request), request.params.id),
  );

  app.post(
    '/professionals/experiences/subscribe',
    { config: participants, schema: { body: subscribeBodySchema, response: { 200: subscriptionAnswerSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await subscribeTo(db, principal, request.body.experienceId, deps.now());
      return { msg: experienceMessages.subscribed, item: await oneFor(principal, request.body.experienceId) };
    },
  );

  app.post(
    '/professionals/experiences/cancel',
    { config: participants, schema: { body: subscribeBodySchema, response: { 200: subscriptionAnswerSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await cancelOwnSubscription(db, principal, request.body.experienceId, deps.now());
      // A subscription to an experience the admin switched off is cancelled and refunded like any other.
      return { msg: experienceMessages.cancelled, item: await oneFor(principal, request.body.experienceId, true) };
    },
  );

  app.post(
    '/professionals/experiences/subscribe-qrcode/:experienceId/:code',
    {
      config: participants,
      schema: { params: qrCodeParamsSchema, body: qrCodeBodySchema, response: { 200: attendanceAnswerSchema } },
    },
    async (request) => {
      const { experienceId, code } = request.params;
      const points = await confirmOwnAttendance(db, principalOf(request), experienceId, code, deps.now());
      return {
        msg: points > 0 ? 'Presença confirmada! Você ganhou pontos extras.' : 'Presença confirmada!',
        points: fromHundredths(points),
      };
    },
  );

  app.get(
    '/cms/professionals/get-subscribers',
    {
      config: { guard: ['admin'] },
      schema: { querystring: subscribersQuerySchema, response: { 200: subscribersPageSchema } },
    },
    (request) => subscribersPage(db, request.query),
  );
}
