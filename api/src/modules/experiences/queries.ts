import {
  type categorySorts,
  experienceMessages,
  type experienceSorts,
  type subscribersQuerySchema,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import {
  experienceCategories,
  experienceSubscriptions,
  experiences,
  levels,
  professionals,
  storeUsers,
} from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { fail } from '../../kernel/errors';
import { countOf, type ListPageQuery, listPage } from '../../kernel/list';

export type ExperienceRow = typeof experiences.$inferSelect;

export const experienceSelect = {
  experience: experiences,
  category: { id: experienceCategories.id, name: experienceCategories.name, type: experienceCategories.type },
  minLevelName: levels.name,
  minLevelThreshold: levels.threshold,
};

export function experienceQuery(db: Db, fields: Record<string, unknown> = {}) {
  return db
    .select({ ...experienceSelect, ...fields })
    .from(experiences)
    .innerJoin(experienceCategories, eq(experienceCategories.id, experiences.categoryId))
    .leftJoin(levels, eq(levels.id, experiences.minLevelId));
}

type Joined = {
  experience: ExperienceRow;
  category: { id: string; name: string; type: 'professional' | 'shopkeeper' };
  minLevelName: string | null;
};

export function experienceOut(row: Joined) {
  const { experience } = row;
  return {
    id: experience.id,
    name: experience.name,
    description: experience.description,
    place: experience.place,
    happensAt: experience.happensAt.toISOString(),
    // The version makes a browser fetch a replaced image at once (the image is cached for an hour).
    image: experience.imageKey ? `/api/experiences/${experience.id}/image?v=${experience.updatedAt.getTime()}` : null,
    seats: experience.seats,
    seatsTaken: experience.seatsTaken,
    seatsLeft: experience.seats - experience.seatsTaken,
    minLevel: experience.minLevelId && row.minLevelName ? { id: experience.minLevelId, name: row.minLevelName } : null,
    points: fromHundredths(experience.cost),
    attendancePoints: fromHundredths(experience.attendancePoints),
    category: row.category,
    active: experience.active,
    createdAt: experience.createdAt.toISOString(),
  };
}

export const cmsExperienceOut = (row: Joined) => ({
  ...experienceOut(row),
  qrCodePath: `/experiences/qrcode/${row.experience.id}/${row.experience.qrCode}`,
});

export async function experiencesPage<T>(
  db: Db,
  where: SQL | undefined,
  query: ListPageQuery<(typeof experienceSorts)[number]>,
  map: (row: Joined & Record<string, unknown>) => T,
  fields: Record<string, unknown> = {},
) {
  return listPage(
    query,
    {
      rows: experienceQuery(db, fields).$dynamic(),
      count: db
        .select({ total: count() })
        .from(experiences)
        .innerJoin(experienceCategories, eq(experienceCategories.id, experiences.categoryId))
        .$dynamic(),
      where: [where],
      order: [desc(experiences.happensAt), experiences.id],
      sortable: {
        happensAt: experiences.happensAt,
        name: experiences.name,
        points: experiences.cost,
        createdAt: experiences.createdAt,
      },
      id: experiences.id,
    },
    (row) => map(row as Joined & Record<string, unknown>),
  );
}

export async function findExperience(db: Db, id: string, scope?: SQL) {
  const [row] = await experienceQuery(db).where(and(eq(experiences.id, id), scope));
  if (!row) throw fail.notFound('Experiência não encontrada.');
  return row as Joined & { minLevelThreshold: number | null };
}

export const seatsLeft = sql<number>`${experiences.seats} - ${experiences.seatsTaken}`;

/** Refuses a category or a minimum level that does not exist. */
export async function checkExperienceReferences(db: Db, categoryId?: string, minLevelId?: string | null) {
  if (categoryId && (await db.$count(experienceCategories, eq(experienceCategories.id, categoryId))) === 0) {
    throw fail.invalid(experienceMessages.categoryNotFound, 'category-not-found');
  }
  if (minLevelId && (await db.$count(levels, eq(levels.id, minLevelId))) === 0) {
    throw fail.invalid('Nível mínimo não encontrado.', 'level-not-found');
  }
}

/** Where an experience's image is stored, if it has one. */
export async function experienceImageKey(db: Db, id: string) {
  const [row] = await db.select({ imageKey: experiences.imageKey }).from(experiences).where(eq(experiences.id, id));
  return row?.imageKey ?? null;
}

/** Whether the participant holds a live subscription to the experience. */
export async function isSubscribed(db: Db, subscribed: SQL<boolean>, id: string) {
  const [row] = await db.select({ subscribed }).from(experiences).where(eq(experiences.id, id));
  return row?.subscribed;
}

const subscriberName = sql<string>`coalesce(${professionals.name}, ${storeUsers.name}, '')`;
const subscriberEmail = sql<string>`coalesce(${professionals.email}, ${storeUsers.email}, '')`;

/** The subscriptions with their experience and the subscriber's name and e-mail, for the admin. */
export function subscribersPage(db: Db, query: z.infer<typeof subscribersQuerySchema>) {
  const joined = () =>
    db
      .select({
        subscription: experienceSubscriptions,
        experience: { id: experiences.id, name: experiences.name, happensAt: experiences.happensAt },
        name: subscriberName,
        email: subscriberEmail,
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
      search: [subscriberName, subscriberEmail],
      order: [desc(experienceSubscriptions.createdAt), desc(experienceSubscriptions.id)],
      sortable: {
        name: subscriberName,
        status: experienceSubscriptions.status,
        createdAt: experienceSubscriptions.createdAt,
      },
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
}

const experienceCount = sql<number>`(select count(*) from ${experiences} x
  where x.category_id = ${outer(experienceCategories.id)})::int`;

/** A page of experience categories, each with how many experiences it holds. */
export function categoriesPage(db: Db, where: SQL | undefined, query: ListPageQuery<(typeof categorySorts)[number]>) {
  return listPage(
    query,
    {
      rows: db
        .select({ category: experienceCategories, experiences: experienceCount })
        .from(experienceCategories)
        .$dynamic(),
      count: db.select({ total: count() }).from(experienceCategories).$dynamic(),
      where: [where],
      order: [experienceCategories.name, experienceCategories.id],
      sortable: { name: experienceCategories.name, createdAt: experienceCategories.createdAt },
      id: experienceCategories.id,
    },
    ({ category, experiences: total }) => ({
      id: category.id,
      name: category.name,
      type: category.type,
      active: category.active,
      experiences: Number(total),
      createdAt: category.createdAt.toISOString(),
    }),
  );
}

export async function findCategory(db: Db, id: string) {
  const [row] = await db.select().from(experienceCategories).where(eq(experienceCategories.id, id));
  if (!row) throw fail.notFound(experienceMessages.categoryNotFound);
  return row;
}

/** São Paulo keeps UTC-3 all year (as the cycle's year does): a month there starts at 03:00 UTC of its first day. */
const SAO_PAULO_OFFSET_HOURS = 3;

/** The experiences that happen in a calendar month (`2026-03`) in São Paulo. */
export function happensInMonth(month: string): SQL | undefined {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return undefined;
  const start = new Date(Date.UTC(year, number - 1, 1, SAO_PAULO_OFFSET_HOURS));
  const end = new Date(Date.UTC(year, number, 1, SAO_PAULO_OFFSET_HOURS));
  return and(gte(experiences.happensAt, start), lt(experiences.happensAt, end));
}
