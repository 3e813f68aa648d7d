import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows';
import { auditRecords, dataRequests, notifications, professionals, programmeSettings } from '../../src/db/schema';
import { postEntries } from '../../src/modules/ledger/service';
import { anonymise } from '../../src/modules/privacy/deletion.service';
import { runRetention } from '../../src/modules/privacy/retention.service';
import { localStorage } from '../../src/storage';
import { createProfessional, loginRoutes, tokenFor } from '../support/app';
import { testDrivers } from '../support/database';
import { multipart, PNG, professionalForm } from '../support/forms';
import { confirmEmail, lastMailTo, outbox } from '../support/outbox';
import { type ProgrammeTest, startProgramme, submitInvoice, testEntry } from '../support/programme';
import { waitFor } from '../support/wait';

describe.each(testDrivers)('a holder deletes their account on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  /** A professional of one's own, with a picture, an invoice with its file and points, signed in. */
  async function holder() {
    const person = await createProfessional(t.database);
    const token = await tokenFor(t.app, 'professional', person.email, person.password);
    const picture = multipart({}, { data: PNG, name: 'foto.png', type: 'image/png' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/professionals/set-profile-image',
      payload: picture.payload,
      headers: { ...picture.headers, authorization: `Bearer ${token}` },
    });
    expect(set.statusCode).toBe(200);
    await postEntries(t.database.db, [
      testEntry({ kind: 'professional', id: person.id }, 123450, 'credit', `${person.id}:boas-vindas`),
    ]);
    return { ...person, token };
  }
  const ask = (token: string, password: string) =>
    t.callWith(token, 'POST', '/api/professionals/privacy/request-deletion', { password });
  const requestOf = async (id: string) => {
    const [row] = await t.database.db.select().from(dataRequests).where(eq(dataRequests.subjectId, id));
    return row;
  };

  it('needs the password, starts the 15-day clock, and takes one open request at a time', async () => {
    const person = await holder();
    const wrong = await ask(person.token, 'não é a senha');
    expect([wrong.statusCode, wrong.json().msg]).toEqual([
      400,
      'Senha incorreta. Digite a senha com que você entra no programa.',
    ]);
    expect(await requestOf(person.id)).toBeUndefined();

    const asked = await ask(person.token, person.password);
    expect(asked.statusCode).toBe(200);
    const row = await requestOf(person.id);
    expect(row?.state).toBe('received');
    const days = ((row?.deadline.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(15);
    const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(row?.deadline);
    expect(asked.json().msg).toBe(`Pedido de exclusão recebido. Responderemos até ${date}.`);

    const again = await ask(person.token, person.password);
    expect([again.statusCode, again.json().msg]).toEqual([409, 'Você já tem um pedido de exclusão em andamento.']);
    const mine = (await t.callWith(person.token, 'GET', '/api/professionals/privacy/get-data')).json().requests;
    expect(mine).toEqual([expect.objectContaining({ state: 'received', deadline: row?.deadline.toISOString() })]);
  });

  it('an admin refuses with a reason the holder reads; a short reason is refused in pt-BR', async () => {
    const person = await holder();
    await ask(person.token, person.password);
    const id = (await requestOf(person.id))?.id;
    const short = await t.call('admin', 'POST', '/api/cms/privacy/requests/refuse', { id, reason: 'Não.' });
    expect([short.statusCode, short.json().msg]).toEqual([400, 'Escreva o motivo da recusa (de 10 a 500 caracteres).']);
    const reason = 'Há uma nota fiscal sua em disputa com a loja; responderemos quando ela for resolvida.';
    const refused = await t.call('admin', 'POST', '/api/cms/privacy/requests/refuse', { id, reason });
    expect(refused.statusCode).toBe(200);
    const mine = (await t.callWith(person.token, 'GET', '/api/professionals/privacy/get-data')).json().requests;
    expect(mine[0]).toMatchObject({ state: 'refused', refusalReason: reason });
    const [bell] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, person.id), eq(notifications.type, 'privacy')));
    expect(bell?.message).toBe(reason);
    const twice = await t.call('admin', 'POST', '/api/cms/privacy/requests/complete', { id });
    expect([twice.statusCode, twice.json().msg]).toEqual([409, 'Este pedido já foi respondido.']);
    expect((await t.call('professional', 'GET', '/api/cms/privacy/requests/get-all')).statusCode).toBe(403);
  });

  it('completed, anonymises the person once: no login, no files, and everybody else’s figures unchanged', async () => {
    const person = await holder();
    const lines = [{ sku: 'X-1', description: 'Revestimento', quantity: 1, total: 100 }];
    const body = multipart(
      { storeId: t.ids.store, number: String(Date.now() % 1_000_000), series: '1', issuedOn: '2026-01-10', lines },
      { data: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'nota.pdf', type: 'application/pdf' },
    );
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/professionals/invoices/create',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${person.token}` },
    });
    expect(invoice.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(professionals).where(eq(professionals.id, person.id));
    const storage = localStorage(path.join(t.config.dataDir, 'uploads'));
    const avatarKey = stored?.profileImage?.replace('/api/files/', '') ?? '';
    expect(await storage.get(avatarKey)).not.toBeNull();
    await submitInvoice(t, 'other', { storeId: t.ids.store, lines });

    const dashboard = async () => (await t.call('admin', 'GET', '/api/cms/dashboard/get-all')).json();
    const sums = async () =>
      rowsOf<{ participant_id: string; points: string }>(
        await t.database.db.execute(
          sql`select participant_id, sum(amount)::text as points from ledger_entries group by participant_id order by 1`,
        ),
      );
    const before = { dashboard: await dashboard(), sums: await sums() };

    await ask(person.token, person.password);
    const id = (await requestOf(person.id))?.id ?? '';
    const completed = await t.call('admin', 'POST', '/api/cms/privacy/requests/complete', { id });
    expect([completed.statusCode, completed.json().msg]).toEqual([
      200,
      'Exclusão iniciada: os dados do titular serão anonimizados em instantes.',
    ]);
    await waitFor(
      'the anonymisation',
      async () => ((await requestOf(person.id))?.state === 'done' ? true : null),
      30_000,
    );

    const [erased] = await t.database.db.select().from(professionals).where(eq(professionals.id, person.id));
    expect(erased).toMatchObject({ name: 'Titular removido', cpf: null, cellphone: null, profileImage: null });
    expect(erased?.email).not.toBe(person.email);
    expect(await storage.get(avatarKey)).toBeNull();
    // No login, and the sessions it had are over.
    const login = await t.app.inject({
      method: 'POST',
      url: loginRoutes.professional,
      payload: { email: person.email, password: person.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.callWith(person.token, 'GET', '/api/professionals/privacy/get-data')).statusCode).toBe(401);
    // The ledger and the figures of everybody stay as they were.
    expect(await sums()).toEqual(before.sums);
    expect(await dashboard()).toEqual(before.dashboard);
    const queue = (await t.call('admin', 'GET', '/api/cms/privacy/requests/get-all?state=done')).json().items;
    expect(queue.find((item: { id: string }) => item.id === id)).toMatchObject({
      name: 'Titular removido',
      email: null,
      state: 'done',
      handledBy: 'Administradora Demo',
    });
    const row = await requestOf(person.id);
    expect(row?.emailHash).toMatch(/^[\w-]{43}$/);

    // Once: a second run changes nothing and audits nothing more.
    expect(await anonymise(t.database.db, storage, t.config.jwtSecret, id, new Date())).toBe(false);
    const trail = await t.database.db
      .select({ action: auditRecords.action })
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, 'data-request'), eq(auditRecords.entityId, id)));
    expect(trail.map((record) => record.action).sort()).toEqual(['anonymise', 'complete', 'request-deletion']);
  }, 45_000);

  it('recognises a person who signs up again after their erasure, on the admin’s page of the new account', async () => {
    // An account made by the sign-up form, so it has a CPF, then erased at its holder's request.
    const form = professionalForm();
    const created = await t.app.inject({ method: 'POST', url: '/api/professionals/create', ...multipart(form) });
    expect(created.statusCode).toBe(201);
    const first = created.json().id as string;
    await confirmEmail(t.app, form.email);
    const token = await tokenFor(t.app, 'professional', form.email, form.password);
    await ask(token, form.password);
    const id = (await requestOf(first))?.id ?? '';
    await t.call('admin', 'POST', '/api/cms/privacy/requests/complete', { id });
    await waitFor('the anonymisation', async () => ((await requestOf(first))?.state === 'done' ? true : null), 30_000);
    const erasedAt = (await requestOf(first))?.anonymisedAt?.toISOString();

    // The same CPF under another e-mail: a new account, with nothing of the old one, that the admin sees came back.
    const again = professionalForm({ userData: { ...form.userData } });
    const returned = await t.app.inject({ method: 'POST', url: '/api/professionals/create', ...multipart(again) });
    expect(returned.statusCode).toBe(201);
    const page = await t.call('admin', 'GET', `/api/cms/professionals/get-one?id=${returned.json().id}`);
    expect(page.json()).toMatchObject({ totalPoints: 0, returnedAfterErasure: { erasedAt, by: 'cpf' } });
    // Somebody who never left is not flagged.
    const ana = await t.call('admin', 'GET', `/api/cms/professionals/get-one?id=${t.ids.ana}`);
    expect(ana.json().returnedAfterErasure).toBeNull();
  }, 45_000);

  it('a crash between the database and the files finishes on the next run, once', async () => {
    const person = await holder();
    await ask(person.token, person.password);
    const request = await requestOf(person.id);
    // In progress as the admin's completion leaves it, without its job (this test runs the anonymisation itself).
    await t.database.db
      .update(dataRequests)
      .set({ state: 'in-progress' })
      .where(eq(dataRequests.id, request?.id ?? ''));
    const storage = localStorage(path.join(t.config.dataDir, 'uploads'));
    const crashing = { ...storage, delete: async () => Promise.reject(new Error('kill -9')) };
    await expect(anonymise(t.database.db, crashing, t.config.jwtSecret, request?.id ?? '', new Date())).rejects.toThrow(
      'kill -9',
    );
    const halfway = await requestOf(person.id);
    expect(halfway).toMatchObject({ state: 'in-progress', anonymisedAt: expect.any(Date) });
    expect(halfway?.files?.length).toBeGreaterThan(0);
    for (const key of halfway?.files ?? []) expect(await storage.get(key)).not.toBeNull();

    expect(await anonymise(t.database.db, storage, t.config.jwtSecret, request?.id ?? '', new Date())).toBe(true);
    for (const key of halfway?.files ?? []) expect(await storage.get(key)).toBeNull();
    expect((await requestOf(person.id))?.state).toBe('done');
    expect(await anonymise(t.database.db, storage, t.config.jwtSecret, request?.id ?? '', new Date())).toBe(false);
  });

  it('warns an account inactive for the setting’s years 30 days before, keeps it when it signs in, and anonymises it otherwise', async () => {
    const day = 86_400_000;
    const now = new Date();
    const deps = { db: t.database.db, mailer: t.app.mailer, jobs: t.app.jobs, publicUrl: t.config.publicUrl };
    await t.database.db.update(programmeSettings).set({ retentionYears: 1 }).where(eq(programmeSettings.id, 1));
    try {
      const idle = await createProfessional(t.database);
      const back = await createProfessional(t.database);
      const longAgo = new Date(now.getTime() - 400 * day);
      for (const person of [idle, back]) {
        await t.database.db
          .update(professionals)
          .set({ createdAt: longAgo, lastSignInAt: longAgo })
          .where(eq(professionals.id, person.id));
      }
      const first = await runRetention(deps, now);
      expect(first.warned).toBeGreaterThanOrEqual(2);
      const mail = await lastMailTo(t.app, idle.email);
      expect(mail.subject).toBe('Sua conta no Especifica será excluída por inatividade');
      expect(mail.text).toContain('basta entrar no programa');
      // Once: the next day's run writes no second warning.
      const mails = (await outbox(t.app)).filter((message) => message.to.includes(idle.email)).length;
      await runRetention(deps, new Date(now.getTime() + day));
      expect((await outbox(t.app)).filter((message) => message.to.includes(idle.email))).toHaveLength(mails);

      // One of them signs in: the warning is gone.
      await tokenFor(t.app, 'professional', back.email, back.password);
      const [kept] = await t.database.db.select().from(professionals).where(eq(professionals.id, back.id));
      expect(kept?.retentionNoticeAt).toBeNull();

      // 31 days later: the other is anonymised through a request answered by the system, once.
      const later = await runRetention(deps, new Date(now.getTime() + 31 * day));
      expect(later.anonymised).toBeGreaterThanOrEqual(1);
      await waitFor(
        'the anonymisation',
        async () => ((await requestOf(idle.id))?.state === 'done' ? true : null),
        30_000,
      );
      expect(await requestOf(back.id)).toBeUndefined();
      const [erased] = await t.database.db.select().from(professionals).where(eq(professionals.id, idle.id));
      expect(erased?.name).toBe('Titular removido');
      expect((await requestOf(idle.id))?.handledBy).toBe('Sistema (inatividade)');
      expect((await runRetention(deps, new Date(now.getTime() + 32 * day))).anonymised).toBe(0);
    } finally {
      await t.database.db.update(programmeSettings).set({ retentionYears: 5 }).where(eq(programmeSettings.id, 1));
    }
  }, 60_000);
});
