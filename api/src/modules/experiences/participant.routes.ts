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
import { and, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { outer } from '../../db/rows';
import { experienceCategories, experienceSubscriptions, experiences, professionals, storeUsers } from '../../db/schema';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { countOf, listPage } from '../../kernel/list';
import { type Principal, principalOf } from '../../plugins/auth';
import { pointsAndLevels } from '../ledger/queries';
import { participantOf } from '../ledger/service';
import { experienceOut, experiencesPage, findExperience } from './queries';
import { cancelSubscription, confirmAttendance, subscribe } from './service';

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

  async function myThreshold(principal: Principal) {
    const points = await pointsAndLevels(db, participantOf(principal), cycleYear(deps.now()));
    const rules = points.rules;
    const name = levelFor(rules, points.earned)?.name;
    return rules.find((rule) => rule.name === name)?.threshold ?? 0;
  }

  const participantOut =
    (threshold: number) =>
    (row: Parameters<typeof experienceOut>[0] & { subscribed?: unknown; minLevelThreshold?: unknown }) => ({
      ...experienceOut(row),
      subscribed: Boolean(row.subscribed),
      eligible: row.minLevelThreshold == null || threshold >= Number(row.minLevelThreshold),
    });

  /** One experience as this participant sees it; `anyState` also finds one switched off (after cancelling it). */
  async function oneFor(principal: Principal, id: string, anyState = false) {
    const scope = anyState ? eq(experienceCategories.type, participantOf(principal).kind) : visibleTo(principal);
    const found = await findExperience(db, id, scope);
    const [row] = await db
      .select({ subscribed: subscribedBy(principal) })
      .from(experiences)
      .where(eq(experiences.id, id));
    return participantOut(await myThreshold(principal))({ ...found, subscribed: row?.subscribed });
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
      if (query.subscribed !== undefined) {
        conditions.push(query.subscribed ? subscribedBy(principal) : sql`not ${subscribedBy(principal)}`);
      }
      return experiencesPage(db, and(...conditions), query, participantOut(await myThreshold(principal)), {
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
      await db.transaction((tx) => subscribe(tx, principal, request.body.experienceId, deps.now()));
      return { msg: experienceMessages.subscribed, item: await oneFor(principal, request.body.experienceId) };
    },
  );

  app.post(
    '/professionals/experiences/cancel',
    { config: participants, schema: { body: subscribeBodySchema, response: { 200: subscriptionAnswerSchema } } },
    async (request) => {
      const principal = principalOf(request);
      await db.transaction((tx) => cancelSubscription(tx, principal, request.body.experienceId, deps.now()));
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
      const points = await db.transaction((tx) =>
        confirmAttendance(tx, principalOf(request), experienceId, code, deps.now()),
      );
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
    async (request) => {
      const query = request.query;
      const name = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
      const email = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;
      const joined = () =>
        db
          .select({
            subscription: experienceSubscriptions,
            experience: { id: experiences.id, name: experiences.name, happensAt: experiences.happensAt },
            name,
            email,
          })
          .from(experienceSubscriptions)
          .innerJoin(experiences, eq(experiences.id, experienceSubscriptions.experienceId))
          .leftJoin(
            professionals,
            and(
              eq(experienceSubscriptions.participantKind, 'professional'),
              eq(professionals.id, experienceSubscriptions.participantId),
            ),
          )
          .leftJoin(
            storeUsers,
            and(
              eq(experienceSubscriptions.participantKind, 'shopkeeper'),
              eq(storeUsers.id, experienceSubscriptions.participantId),
            ),
          )
          .$dynamic();
      return listPage(
        query,
        {
          rows: joined(),
          // The names are in the joined tables; without a search the subscriptions alone give the total.
          count: query.search
            ? countOf(db, joined)
            : db.select({ total: count() }).from(experienceSubscriptions).$dynamic(),
          where: [
            query.experienceId ? eq(experienceSubscriptions.experienceId, query.experienceId) : undefined,
            query.status ? eq(experienceSubscriptions.status, query.status) : undefined,
            query.participantId ? eq(experienceSubscriptions.participantId, query.participantId) : undefined,
          ],
          search: [name, email],
          order: [desc(experienceSubscriptions.createdAt), desc(experienceSubscriptions.id)],
          sortable: { name, status: experienceSubscriptions.status, createdAt: experienceSubscriptions.createdAt },
          id: experienceSubscriptions.id,
        },
        (row) => ({
          id: row.subscription.id,
          experience: { ...row.experience, happensAt: row.experience.happensAt.toISOString() },
          participant: {
            kind: row.subscription.participantKind,
            id: row.subscription.participantId,
            name: row.name,
            email: row.email,
          },
          status: row.subscription.status,
          points: fromHundredths(row.subscription.cost),
          attendedAt: row.subscription.attendedAt?.toISOString() ?? null,
          createdAt: row.subscription.createdAt.toISOString(),
        }),
      );
    },
  );
}
