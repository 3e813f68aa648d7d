import { randomBytes } from 'node:crypto';
import { cancelMessages, experienceMessages } from '@especifica/mf-shared/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceCategories, experienceSubscriptions, experiences } from '../../db/schema';
import { cycleYear, levelFor } from '../../domain/levels';
import { pointsPhrase, toHundredths } from '../../domain/points';
import { audit, insertAudited, switchActive, updateAudited } from '../../kernel/audit';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import { debit, issuerOf, type Participant, participantOf, pointsAndLevels, postEntries } from '../ledger';
import { experiencesOpen } from '../professions';
import { findCategory, findExperience } from './queries';

const HOUR = 3_600_000;

/** Whether the participant's level (from the points earned in the cycle) reaches `minThreshold`. */
export async function reachesLevel(db: Db, participant: Participant, minThreshold: number | null, now: Date) {
  if (minThreshold === null) return true;
  const points = await pointsAndLevels(db, participant, cycleYear(now));
  const rules = points.rules;
  const standing = levelFor(rules, points.earned);
  const current = rules.find((rule) => rule.name === standing?.name);
  return (current?.threshold ?? 0) >= minThreshold;
}

/**
 * Subscribes a participant, in the caller's transaction: the level, the date, one seat and the cost. The seat is a
 * conditional UPDATE (seats_taken < seats), so of 100 parallel requests for 10 seats exactly 10 find one; the cost
 * is a redemption that locks the participant's balance.
 */
export async function subscribe(
  tx: Db,
  principal: Principal,
  experienceId: string,
  now: Date,
  /** Dates the redemption (see postEntries): the demo programme's subscriptions; unset, it is dated when written. */
  datedAt?: Date,
) {
  const participant = participantOf(principal);
  if (principal.shopkeeperType === 'consultant') {
    throw fail.invalid('Consultores não participam de experiências.', 'consultant-no-experiences');
  }
  const found = await findExperience(tx, experienceId, eq(experiences.active, true));
  if (found.category.type !== participant.kind) throw fail.notFound(experienceMessages.notFound);
  if (found.experience.happensAt <= now) throw fail.invalid(experienceMessages.past, 'experience-past');
  // Rules per profession: an "open" profession takes a seat at no cost and with no minimum level.
  const open = participant.kind === 'professional' && (await experiencesOpen(tx, participant.id));
  const cost = open ? 0 : found.experience.cost;
  if (!open && !(await reachesLevel(tx, participant, found.minLevelThreshold, now))) {
    throw fail.invalid(experienceMessages.level, 'level-too-low', { minLevel: found.minLevelName });
  }

  const [subscription] = await tx
    .insert(experienceSubscriptions)
    .values({
      experienceId,
      participantKind: participant.kind,
      participantId: participant.id,
      cost,
    })
    .returning()
    .catch((error) => {
      if (isUniqueViolation(error)) throw fail.conflict(experienceMessages.alreadySubscribed, 'already-subscribed');
      throw error;
    });
  if (!subscription) throw new Error('subscription not saved');

  const [seat] = await tx
    .update(experiences)
    .set({ seatsTaken: sql`${experiences.seatsTaken} + 1` })
    .where(and(eq(experiences.id, experienceId), lt(experiences.seatsTaken, experiences.seats)))
    .returning({ id: experiences.id });
  if (!seat) throw fail.conflict(experienceMessages.soldOut, 'sold-out');

  await debit(
    tx,
    {
      participant,
      amount: cost,
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Inscrição: ${found.experience.name}`,
    },
    now,
    datedAt,
  );
  await notify(tx, [participant], {
    type: 'experience-subscribed',
    title: 'Inscrição confirmada',
    message:
      cost > 0
        ? `Você se inscreveu em ${found.experience.name} usando ${pointsPhrase(cost)}.`
        : `Você se inscreveu em ${found.experience.name}.`,
    data: { experienceId },
  });
}

/** The participant's subscription to the experience that still holds a seat. */
const subscribedTo = (experienceId: string, participant: Participant) =>
  and(
    eq(experienceSubscriptions.experienceId, experienceId),
    eq(experienceSubscriptions.participantKind, participant.kind),
    eq(experienceSubscriptions.participantId, participant.id),
    eq(experienceSubscriptions.status, 'subscribed'),
  );

/** Cancels before the date: frees the seat and gives the points back as a reversal of the redemption. */
export async function cancelSubscription(tx: Db, principal: Principal, experienceId: string, now: Date) {
  const participant = participantOf(principal);
  const [subscription] = await tx
    .update(experienceSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(subscribedTo(experienceId, participant))
    .returning();
  if (!subscription) throw fail.notFound('Você não está inscrito nesta experiência.');
  const [experience] = await tx
    .update(experiences)
    .set({ seatsTaken: sql`${experiences.seatsTaken} - 1` })
    .where(eq(experiences.id, experienceId))
    .returning();
  if (!experience || experience.happensAt <= now) {
    throw fail.invalid('A inscrição só pode ser cancelada antes da data da experiência.', 'experience-past');
  }
  await postEntries(tx, [
    {
      participant,
      amount: subscription.cost,
      kind: 'reversal',
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Inscrição cancelada: ${experience.name}`,
    },
  ]);
}

/** The attendance QR code: confirms that a subscriber came, and credits the experience's attendance points once. */
export async function confirmAttendance(tx: Db, principal: Principal, experienceId: string, code: string, now: Date) {
  const participant = participantOf(principal);
  const [experience] = await tx.select().from(experiences).where(eq(experiences.id, experienceId));
  if (!experience || experience.qrCode !== code) throw fail.notFound('QR code inválido para esta experiência.');
  const opens = experience.happensAt.getTime() - 12 * HOUR;
  const closes = experience.happensAt.getTime() + 24 * HOUR;
  if (now.getTime() < opens || now.getTime() > closes) {
    throw fail.invalid('A presença só pode ser confirmada no dia da experiência.', 'attendance-closed');
  }
  const [subscription] = await tx
    .select()
    .from(experienceSubscriptions)
    .where(subscribedTo(experienceId, participant))
    .for('update');
  if (!subscription) throw fail.invalid('Você não está inscrito nesta experiência.', 'not-subscribed');
  if (subscription.attendedAt) throw fail.conflict('Sua presença já foi confirmada.', 'already-attended');
  await tx
    .update(experienceSubscriptions)
    .set({ attendedAt: now })
    .where(eq(experienceSubscriptions.id, subscription.id));
  await postEntries(tx, [
    {
      participant,
      amount: experience.attendancePoints,
      kind: 'extra',
      sourceType: 'experience-attendance',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Presença confirmada: ${experience.name}`,
    },
  ]);
  return experience.attendancePoints;
}

type ExperienceRow = typeof experiences.$inferSelect;

/**
 * An admin's cancellation of the subscriptions `which` selects (those still subscribed): each seat freed, each
 * cost given back as a reversal of its redemption, and each subscriber told why. Returns how many were cancelled.
 */
export async function cancelSubscriptionsOf(
  tx: Db,
  experience: ExperienceRow,
  which: SQL | undefined,
  issuer: string,
  notice: { title: string; message: string },
  now: Date,
): Promise<number> {
  const cancelled = await tx
    .update(experienceSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(experienceSubscriptions.experienceId, experience.id),
        eq(experienceSubscriptions.status, 'subscribed'),
        which,
      ),
    )
    .returning();
  if (cancelled.length === 0) return 0;
  await tx
    .update(experiences)
    .set({ seatsTaken: sql`greatest(${experiences.seatsTaken} - ${cancelled.length}, 0)` })
    .where(eq(experiences.id, experience.id));
  const people = cancelled.map((subscription) => ({
    kind: subscription.participantKind,
    id: subscription.participantId,
  }));
  await postEntries(
    tx,
    cancelled.map((subscription, index) => ({
      participant: people[index] as Participant,
      amount: subscription.cost,
      kind: 'reversal' as const,
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer,
      reason: `Inscrição cancelada: ${experience.name}`,
    })),
  );
  await notify(tx, people, { type: 'experience-cancelled', ...notice, data: { experienceId: experience.id } });
  return cancelled.length;
}

export interface ExperienceValues {
  categoryId: string;
  name: string;
  description?: string | undefined;
  place?: string | undefined;
  happensAt: string;
  seats: number;
  minLevelId?: string | null | undefined;
  points: number;
  attendancePoints: number;
  active: boolean;
}

/** An admin's new experience, with its audit record. */
export async function createExperience(
  db: Db,
  actor: Principal,
  id: string,
  input: ExperienceValues,
  imageKey: string | null,
) {
  await insertAudited(
    db,
    actor,
    { table: experiences, entity: 'experience' },
    {
      id,
      categoryId: input.categoryId,
      name: input.name,
      description: input.description,
      place: input.place,
      happensAt: new Date(input.happensAt),
      seats: input.seats,
      minLevelId: input.minLevelId ?? null,
      cost: toHundredths(input.points),
      attendancePoints: toHundredths(input.attendancePoints),
      active: input.active,
      imageKey,
      qrCode: randomBytes(18).toString('base64url'),
    },
  );
}

/**
 * An admin's edit of an experience (never below the seats already taken), with its audit record. Returns the image
 * a new one replaced, for the caller to delete once the edit is saved.
 */
export async function updateExperience(
  db: Db,
  actor: Principal,
  id: string,
  body: Partial<ExperienceValues>,
  imageKey: string | null,
): Promise<string | null> {
  const { points, attendancePoints, happensAt, ...rest } = body;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(experiences).where(eq(experiences.id, id)).for('update');
    if (!before) throw fail.notFound(experienceMessages.notFound);
    if (rest.seats !== undefined && rest.seats < before.seatsTaken) {
      throw fail.invalid(
        `Já há ${before.seatsTaken} inscritos: as vagas não podem ficar abaixo disso.`,
        'seats-below-subscriptions',
      );
    }
    await updateAudited(tx, actor, { table: experiences, entity: 'experience' }, before, {
      ...rest,
      ...(points === undefined ? {} : { cost: toHundredths(points) }),
      ...(attendancePoints === undefined ? {} : { attendancePoints: toHundredths(attendancePoints) }),
      ...(happensAt === undefined ? {} : { happensAt: new Date(happensAt) }),
      ...(imageKey ? { imageKey } : {}),
    });
    return imageKey ? before.imageKey : null;
  });
}

/** Switches an experience on or off; off before it happens cancels and refunds every subscription. */
export async function changeExperienceStatus(db: Db, principal: Principal, id: string, active: boolean, now: Date) {
  await db.transaction(async (tx) => {
    const before = await findExperience(tx, id);
    await tx.update(experiences).set({ active, updatedAt: new Date() }).where(eq(experiences.id, id));
    // Switched off before it happens: nobody will attend, so each subscriber gets the points back and is told.
    const refunded =
      !active && before.experience.active && before.experience.happensAt > now
        ? await cancelSubscriptionsOf(
            tx,
            before.experience,
            undefined,
            issuerOf(principal),
            {
              title: 'Experiência desativada',
              message: `A experiência ${before.experience.name} foi desativada. Sua inscrição foi cancelada e os pontos foram devolvidos.`,
            },
            now,
          )
        : 0;
    await audit(tx, principal, {
      action: 'change-status',
      entity: 'experience',
      entityId: id,
      before: { active: before.experience.active },
      after: { active, cancelledSubscriptions: refunded },
    });
  });
}

const because = (reason: string | undefined) => (reason ? ` Motivo: ${reason}` : '');

/** An admin's cancellation of one person's subscription, refunded. */
export async function cancelOneSubscription(
  db: Db,
  principal: Principal,
  id: string,
  reason: string | undefined,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(experienceSubscriptions)
      .where(eq(experienceSubscriptions.id, id))
      .for('update');
    if (!subscription) throw fail.notFound(cancelMessages.subscriptionNotFound);
    if (subscription.status !== 'subscribed') throw fail.conflict(cancelMessages.notSubscribed, 'not-subscribed');
    const [experience] = await tx
      .select()
      .from(experiences)
      .where(eq(experiences.id, subscription.experienceId))
      .for('update');
    if (!experience) throw fail.notFound(experienceMessages.notFound);
    await cancelSubscriptionsOf(
      tx,
      experience,
      eq(experienceSubscriptions.id, id),
      issuerOf(principal),
      {
        title: 'Inscrição cancelada',
        message: `Sua inscrição em ${experience.name} foi cancelada pela administração e os pontos foram devolvidos.${because(reason)}`,
      },
      now,
    );
    await audit(tx, principal, {
      action: 'cancel-subscription',
      entity: 'experience-subscription',
      entityId: id,
      before: { status: 'subscribed' },
      after: { status: 'cancelled', refunded: subscription.cost, reason: reason ?? null },
    });
  });
}

/** An admin's cancellation of a whole experience: switched off, every subscription refunded. Returns how many. */
export async function cancelExperience(
  db: Db,
  principal: Principal,
  id: string,
  reason: string | undefined,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [experience] = await tx.select().from(experiences).where(eq(experiences.id, id)).for('update');
    if (!experience) throw fail.notFound(experienceMessages.notFound);
    // Switched off first: nobody can subscribe while the subscribers are being refunded.
    await tx.update(experiences).set({ active: false, updatedAt: new Date() }).where(eq(experiences.id, id));
    const count = await cancelSubscriptionsOf(
      tx,
      experience,
      undefined,
      issuerOf(principal),
      {
        title: 'Experiência cancelada',
        message: `A experiência ${experience.name} foi cancelada. Sua inscrição foi cancelada e os pontos foram devolvidos.${because(reason)}`,
      },
      now,
    );
    await audit(tx, principal, {
      action: 'cancel',
      entity: 'experience',
      entityId: id,
      before: { active: experience.active, seatsTaken: experience.seatsTaken },
      after: { active: false, cancelledSubscriptions: count, reason: reason ?? null },
    });
    return count;
  });
}

/** The participant's own actions, each in one transaction. */
export const subscribeTo = (db: Db, principal: Principal, experienceId: string, now: Date) =>
  db.transaction((tx) => subscribe(tx, principal, experienceId, now));
export const cancelOwnSubscription = (db: Db, principal: Principal, experienceId: string, now: Date) =>
  db.transaction((tx) => cancelSubscription(tx, principal, experienceId, now));
export const confirmOwnAttendance = (db: Db, principal: Principal, experienceId: string, code: string, now: Date) =>
  db.transaction((tx) => confirmAttendance(tx, principal, experienceId, code, now));

function categoryNameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict('Já existe uma categoria com este nome e tipo.', 'category-exists');
  throw error;
}

/** An admin's new category, with its audit record. Returns its id. */
export async function createCategory(
  db: Db,
  actor: Principal,
  values: { name: string; type: 'professional' | 'shopkeeper'; active?: boolean | undefined },
) {
  const row = await insertAudited(
    db,
    actor,
    { table: experienceCategories, entity: 'experience-category', refuse: categoryNameTaken },
    values,
  );
  return row.id;
}

/** An admin's edit of a category, with its audit record. */
export async function updateCategory(
  db: Db,
  actor: Principal,
  id: string,
  changes: Partial<typeof experienceCategories.$inferInsert>,
) {
  await db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    const target = { table: experienceCategories, entity: 'experience-category', refuse: categoryNameTaken };
    await updateAudited(tx, actor, target, before, changes);
  });
}

/** Switches a category on or off, with its audit record. */
export const changeCategoryStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, categoryTarget, id, active);

const categoryTarget = {
  table: experienceCategories,
  entity: 'experience-category',
  notFound: () => fail.notFound(experienceMessages.categoryNotFound),
};
