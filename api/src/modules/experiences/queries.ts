import type { experienceSorts } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceCategories, experiences, levels } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';

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
