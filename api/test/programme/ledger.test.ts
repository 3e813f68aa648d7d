import { and, eq, sql } from 'drizzle-orm';
import { cyclePoints, ledgerEntries, notifications, professionals } from '../../src/db/schema';
import { runExpiryJob } from '../../src/modules/ledger/expiry.service';
import { balanceOf, debit, postEntries, reverseSources } from '../../src/modules/ledger/service';
import { createProfessional } from '../support/app';
import { testDrivers } from '../support/database';
import { outbox } from '../support/outbox';
import { testEntry } from '../support/programme';
import { programmeSuite } from '../support/programme-suite';

const DAY = 86_400_000;

describe.each(testDrivers)('the ledger on %s', (driver) => {
  const t = programmeSuite(driver);

  const newParticipant = async () => ({ kind: 'professional' as const, id: (await createProfessional(t.database)).id });
  const credit = (participant: { kind: 'professional'; id: string }, amount: number, sourceId: string) =>
    testEntry(participant, amount, 'credit', `${participant.id}:${sourceId}`);
  const notificationsOf = (id: string, type: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, id), eq(notifications.type, type)));

  it('credits a source once: a retry of the same source and kind adds nothing', async () => {
    const someone = await newParticipant();
    expect(await postEntries(t.database.db, [credit(someone, 100_00, 'sale-1')])).toHaveLength(1);
    expect(await postEntries(t.database.db, [credit(someone, 100_00, 'sale-1')])).toHaveLength(0);
    expect(await balanceOf(t.database.db, someone)).toBe(100_00);
  });

  it('refuses to spend more than the balance, in a pt-BR sentence', async () => {
    const someone = await newParticipant();
    await postEntries(t.database.db, [credit(someone, 50_00, 'sale-1')]);
    const spend = (amount: number, id: string) =>
      t.database.db.transaction((tx) =>
        debit(
          tx,
          { participant: someone, amount, sourceType: 'test', sourceId: id, issuer: 'x', reason: 'y' },
          new Date(),
        ),
      );
    await expect(spend(50_01, 'r1')).rejects.toMatchObject({
      statusCode: 422,
      body: { msg: 'Você não tem pontos suficientes para esta operação.', code: 'insufficient-points' },
    });
    await spend(50_00, 'r2');
    expect(await balanceOf(t.database.db, someone)).toBe(0);
  });

  it('reverses an earning once, however often it is asked', async () => {
    const someone = await newParticipant();
    await postEntries(t.database.db, [credit(someone, 70_00, 'sale-1')]);
    const source = [{ sourceType: 'test', sourceId: `${someone.id}:sale-1` }];
    expect(await reverseSources(t.database.db, source, 'admin:x', 'cancelada')).toHaveLength(1);
    expect(await reverseSources(t.database.db, source, 'admin:x', 'cancelada')).toHaveLength(0);
    expect(await balanceOf(t.database.db, someone)).toBe(0);
  });

  it('sends a notification when the points earned in the cycle reach a level, and when they fall below it', async () => {
    const someone = await newParticipant();
    await postEntries(t.database.db, [credit(someone, 4_999_99, 'sale-1')]);
    expect(await notificationsOf(someone.id, 'level-changed')).toHaveLength(0);
    await postEntries(t.database.db, [credit(someone, 1, 'sale-2')]);
    const [reached] = await notificationsOf(someone.id, 'level-changed');
    expect(reached).toMatchObject({
      title: 'Novo nível alcançado',
      message: 'Parabéns! Você alcançou o nível Prata.',
      data: { level: 'Prata', previousLevel: 'Bronze' },
    });
    await reverseSources(t.database.db, [{ sourceType: 'test', sourceId: `${someone.id}:sale-2` }], 'admin:x', 'x');
    const all = await notificationsOf(someone.id, 'level-changed');
    expect(all.map((row) => row.message).sort()).toEqual([
      'Parabéns! Você alcançou o nível Prata.',
      'Seu nível agora é Bronze.',
    ]);
  });

  it('keeps the level of what was earned: a redemption does not lower it', async () => {
    const someone = await newParticipant();
    await postEntries(t.database.db, [credit(someone, 6_000_00, 'sale-1')]);
    await t.database.db.transaction((tx) =>
      debit(
        tx,
        { participant: someone, amount: 5_000_00, sourceType: 'test', sourceId: 'r', issuer: 'x', reason: 'y' },
        new Date(),
      ),
    );
    const [row] = await t.database.db.select().from(cyclePoints).where(eq(cyclePoints.participantId, someone.id));
    expect(row?.earned).toBe(6_000_00);
  });

  it('counts a reversal in the cycle of the credit that it reverses', async () => {
    const someone = await newParticipant();
    const lastYear = new Date(Date.now() - 400 * DAY);
    await t.database.db
      .insert(ledgerEntries)
      .values({ ...row(someone.id, 300_00, 'credit', 'old-sale'), createdAt: lastYear });
    await reverseSources(t.database.db, [{ sourceType: 'test', sourceId: 'old-sale', participant: someone }], 'a', 'b');
    const cycles = await t.database.db.select().from(cyclePoints).where(eq(cyclePoints.participantId, someone.id));
    expect(cycles.map((cycle) => cycle.earned)).toEqual([0]);
  });

  describe('expiry', () => {
    // These cases back-date credits, which the job's cut-off (made for credits written now) would skip.
    beforeEach(() => t.database.db.execute(sql`delete from job_watermarks`));

    it('writes off points 24 months after the credit, oldest first, and a second run does nothing', async () => {
      const someone = await newParticipant();
      const now = new Date();
      await t.database.db.insert(ledgerEntries).values([
        { ...row(someone.id, 100_00, 'credit', 'old'), createdAt: new Date(now.getTime() - 740 * DAY) },
        { ...row(someone.id, 40_00, 'credit', 'fresh'), createdAt: new Date(now.getTime() - 100 * DAY) },
        { ...row(someone.id, -30_00, 'redemption', 'spent'), createdAt: new Date(now.getTime() - 90 * DAY) },
      ]);
      const first = await runExpiryJob(t.database.db, now);
      expect(first.expired).toBeGreaterThanOrEqual(70_00);
      expect(await balanceOf(t.database.db, someone)).toBe(40_00);
      const again = await runExpiryJob(t.database.db, now);
      expect(again.expired).toBe(0);
      expect(await balanceOf(t.database.db, someone)).toBe(40_00);
      const [notice] = await notificationsOf(someone.id, 'points-expired');
      expect(notice?.message).toBe('70 pontos expiraram por terem mais de 24 meses.');
    });

    it('writes off a balance imported after a run with a date before that run’s cut-off', async () => {
      const someone = await newParticipant();
      const now = new Date();
      await runExpiryJob(t.database.db, now);
      await t.database.db
        .insert(ledgerEntries)
        .values({ ...row(someone.id, 55_00, 'credit', 'imported'), createdAt: new Date(now.getTime() - 900 * DAY) });
      const later = await runExpiryJob(t.database.db, new Date(now.getTime() + DAY));
      expect(later.expired).toBeGreaterThanOrEqual(55_00);
      expect(await balanceOf(t.database.db, someone)).toBe(0);
      expect((await runExpiryJob(t.database.db, new Date(now.getTime() + 2 * DAY))).expired).toBe(0);
    });

    it('reminds 90, 30 and 7 days before, by a notification and an e-mail, once per lot and threshold', async () => {
      const someone = await newParticipant();
      const [person] = await t.database.db.select().from(professionals).where(eq(professionals.id, someone.id));
      const email = person?.email as string;
      const reminders = { mailer: t.app.mailer, publicUrl: 'http://localhost:8080' };
      const now = new Date();
      // 24 months after: one lot expires in about 80 days, one in about 20.
      await t.database.db.insert(ledgerEntries).values([
        { ...row(someone.id, 10_00, 'credit', `${someone.id}:later`), createdAt: new Date(now.getTime() - 650 * DAY) },
        { ...row(someone.id, 25_50, 'credit', `${someone.id}:soon`), createdAt: new Date(now.getTime() - 710 * DAY) },
      ]);
      // Twice, as two replicas or a retried job would: nothing is reminded twice.
      await Promise.all([runExpiryJob(t.database.db, now, reminders), runExpiryJob(t.database.db, now, reminders)]);
      await runExpiryJob(t.database.db, new Date(now.getTime() + DAY), reminders);
      const messages = async () =>
        (await notificationsOf(someone.id, 'points-expiring')).map((warning) => warning.message).sort();
      expect(await messages()).toEqual([
        '10 pontos expiram nos próximos 90 dias. Use-os antes que expirem.',
        '25,5 pontos expiram nos próximos 30 dias. Use-os antes que expirem.',
      ]);
      const mails = (await outbox(t.app)).filter((mail) => mail.to.includes(email));
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        '10 pontos expiram nos próximos 90 dias',
        '25,5 pontos expiram nos próximos 30 dias',
      ]);
      expect(mails[0]?.text).toContain('http://localhost:8080/extract');

      // Thirteen days on, the near lot is inside 7 days: its last reminder; the far one stays at 90 until 30.
      await runExpiryJob(t.database.db, new Date(now.getTime() + 14 * DAY), reminders);
      await runExpiryJob(t.database.db, new Date(now.getTime() + 15 * DAY), reminders);
      expect(await messages()).toEqual([
        '10 pontos expiram nos próximos 90 dias. Use-os antes que expirem.',
        '25,5 pontos expiram nos próximos 30 dias. Use-os antes que expirem.',
        '25,5 pontos expiram nos próximos 7 dias. Use-os antes que expirem.',
      ]);
      expect((await outbox(t.app)).filter((mail) => mail.to.includes(email))).toHaveLength(3);
    });

    it('works through the participants a page at a time: every one is written off and reminded once', async () => {
      // Pages of 2 over 5 participants: a run reads a large programme in pages, never all of it at once.
      const people = await Promise.all([1, 2, 3, 4, 5].map(() => newParticipant()));
      const now = new Date();
      await t.database.db.insert(ledgerEntries).values(
        people.flatMap((someone) => [
          { ...row(someone.id, 20_00, 'credit', `${someone.id}:old`), createdAt: new Date(now.getTime() - 740 * DAY) },
          { ...row(someone.id, 5_00, 'credit', `${someone.id}:near`), createdAt: new Date(now.getTime() - 650 * DAY) },
        ]),
      );
      const reminders = { mailer: t.app.mailer, publicUrl: 'http://localhost:8080' };
      await runExpiryJob(t.database.db, now, reminders, 2);
      await runExpiryJob(t.database.db, now, reminders, 2);
      for (const someone of people) {
        expect(await balanceOf(t.database.db, someone)).toBe(5_00);
        expect(await notificationsOf(someone.id, 'points-expired')).toHaveLength(1);
        expect(await notificationsOf(someone.id, 'points-expiring')).toHaveLength(1);
      }
    });

    it('does not let points past their date be spent before the job has run', async () => {
      const someone = await newParticipant();
      await t.database.db
        .insert(ledgerEntries)
        .values({ ...row(someone.id, 100_00, 'credit', 'old'), createdAt: new Date(Date.now() - 800 * DAY) });
      const spend = t.database.db.transaction((tx) =>
        debit(
          tx,
          { participant: someone, amount: 10_00, sourceType: 'test', sourceId: 'r', issuer: 'x', reason: 'y' },
          new Date(),
        ),
      );
      await expect(spend).rejects.toMatchObject({ statusCode: 422 });
      await runExpiryJob(t.database.db, new Date());
      expect(await balanceOf(t.database.db, someone)).toBe(0);
    });
  });

  it('lets parallel redemptions spend the balance exactly once, never below zero', async () => {
    const someone = await newParticipant();
    await postEntries(t.database.db, [credit(someone, 1_000_00, 'sale-1')]);
    const attempts = Array.from({ length: 25 }, (_, i) =>
      t.database.db.transaction((tx) =>
        debit(
          tx,
          { participant: someone, amount: 100_00, sourceType: 'test', sourceId: `r${i}`, issuer: 'x', reason: 'y' },
          new Date(),
        ),
      ),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    expect(await balanceOf(t.database.db, someone)).toBe(0);
  });
});

function row(participantId: string, amount: number, kind: 'credit' | 'redemption', sourceId: string) {
  return {
    participantKind: 'professional' as const,
    participantId,
    amount,
    kind,
    sourceType: 'test',
    sourceId,
    issuer: 'system',
    reason: 'teste',
  };
}
