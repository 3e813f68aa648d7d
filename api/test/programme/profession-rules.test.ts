import { defaultRules } from '@especifica/mf-shared/contracts';
import { and, eq } from 'drizzle-orm';
import { auditRecords, invoices, levels, notifications, professionals } from '../../src/db/schema';
import { balanceOf } from '../../src/modules/ledger';
import { testDrivers } from '../support/database';
import {
  cpfFrom,
  expectLedgerConsistent,
  type ProgrammeTest,
  startProgramme,
  submitInvoice,
} from '../support/programme';

// Rules per profession (domain.md): what a profession earns, how it takes experiences, whether its invoices wait
// for the client to be told, applied on every route that credits or spends points, never rewriting the ledger.

const DAY = 86_400_000;
const catalogue = 'sku;nome;marca;categoria;ativo\nPISO-01;Porcelanato 60x60;Portinari;Pisos;sim';
const lines = [{ sku: 'PISO-01', description: 'Porcelanato', quantity: 10, total: 1000 }];

type Rule = {
  profession: string;
  earns: 'points' | 'nothing';
  experiences: 'points' | 'open';
  levels: boolean;
  clientDisclosure: boolean;
  text: string;
};

describe.each(testDrivers)('rules per profession on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.database.db
      .update(professionals)
      .set({ profession: 'Arquiteto', cpf: cpfFrom('123123123') })
      .where(eq(professionals.id, t.ids.ana));
    await t.database.db
      .update(professionals)
      .set({ profession: 'Engenheiro' })
      .where(eq(professionals.id, t.ids.eduardo));
    await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: catalogue } });
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    await setRules([]);
    await expectLedgerConsistent(t);
  });

  const rulesOf = async (): Promise<Rule[]> =>
    (await t.call('admin', 'GET', '/api/cms/config/get-profession-rules')).json().items;
  /** Saves the defaults for every profession, with `changes` over them. */
  async function setRules(changes: Partial<Rule>[] & { profession?: string }[]) {
    const items = (await rulesOf()).map(({ profession }) => ({
      ...defaultRules,
      profession,
      ...changes.find((change) => change.profession === profession),
    }));
    const saved = await t.call('admin', 'POST', '/api/cms/config/update-profession-rules', { items });
    expect(saved.statusCode).toBe(200);
    return saved.json().items as Rule[];
  }
  const architects = (rule: Partial<Rule>) => setRules([{ profession: 'Arquiteto', ...rule }]);
  const approve = (id: string) =>
    t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', { id, status: 'approved' });
  const ana = () => ({ kind: 'professional' as const, id: t.ids.ana });
  const send = async (fields: Record<string, unknown> = {}, caller: 'professional' | 'shopkeeper' = 'professional') => {
    const response = await submitInvoice(t, caller, {
      storeId: t.ids.store,
      lines,
      ...(caller === 'shopkeeper' ? { professionalId: t.ids.ana } : {}),
      ...fields,
    });
    expect(response.statusCode).toBe(200);
    return response.json().item as { id: string };
  };

  it('lists every profession with the defaults, saves a change, audits it and tells only that profession', async () => {
    const before = await rulesOf();
    expect(before.map((rule) => rule.profession)).toEqual([
      'Arquiteto',
      'Engenheiro',
      'Designer de Interiores',
      'Paisagista',
      'Outro',
    ]);
    expect(before[0]).toMatchObject({ earns: 'points', experiences: 'points', levels: true, clientDisclosure: false });

    const saved = await architects({ earns: 'nothing', experiences: 'open', levels: false, text: 'Conforme o CAU.' });
    expect(saved[0]).toMatchObject({ earns: 'nothing', experiences: 'open', levels: false, text: 'Conforme o CAU.' });
    expect(saved[1]).toMatchObject({ earns: 'points', experiences: 'points' });

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'profession-rules-changed'));
    expect(told.map((row) => row.recipientId)).toContain(t.ids.ana);
    expect(told.map((row) => row.recipientId)).not.toContain(t.ids.eduardo);
    expect(told.find((row) => row.recipientId === t.ids.ana)?.message).toContain('não acumulam pontos');
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'update-profession-rules'));
    expect(record).toMatchObject({ actorKind: 'admin', after: expect.objectContaining({ earns: 'nothing' }) });

    // What Ana and sign-up read.
    const mine = await t.call('professional', 'GET', '/api/professionals/rules');
    expect(mine.json()).toEqual({
      profession: 'Arquiteto',
      earns: 'nothing',
      experiences: 'open',
      levels: false,
      clientDisclosure: false,
      text: 'Conforme o CAU.',
    });
    expect((await t.call('other', 'GET', '/api/professionals/rules')).json()).toMatchObject({ earns: 'points' });
    const open = await t.call(null, 'GET', '/api/auth/profession-rules');
    expect(open.json().items[0]).toEqual({ profession: 'Arquiteto', earns: 'nothing', text: 'Conforme o CAU.' });
    // Saving the same rules again tells nobody twice.
    const count = told.length;
    await architects({ earns: 'nothing', experiences: 'open', levels: false, text: 'Conforme o CAU.' });
    const again = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'profession-rules-changed'));
    expect(again).toHaveLength(count);
  });

  it('refuses bad rules in pt-BR and keeps what was saved', async () => {
    await architects({ earns: 'nothing' });
    const items = await rulesOf();
    const bad = [
      [{ items: [{ ...items[0], earns: 'tudo' }] }, 'Escolha o que a profissão acumula.'],
      [{ items: [items[0], items[0]] }, 'Informe as regras de cada profissão uma vez.'],
      [{ items: [{ ...items[0], profession: 'Astronauta' }] }, 'Informe as regras de cada profissão uma vez.'],
      [{ items: [{ ...items[0], text: 'x'.repeat(2001) }] }, 'O texto é longo demais.'],
    ] as const;
    for (const [body, msg] of bad) {
      const response = await t.call('admin', 'POST', '/api/cms/config/update-profession-rules', body);
      expect([response.statusCode, response.json().msg]).toEqual([400, msg]);
    }
    expect((await rulesOf())[0]).toMatchObject({ earns: 'nothing' });
    const forbidden = await t.call('professional', 'POST', '/api/cms/config/update-profession-rules', {
      items: [items[0]],
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('"earns nothing": an approval credits Ana nothing (the seller keeps the share), and no campaign or adjustment gives her points', async () => {
    await architects({ earns: 'nothing' });
    const before = await balanceOf(t.database.db, ana());
    const own = await send();
    const approved = await approve(own.id);
    expect(approved.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, own.id));
    expect(row).toMatchObject({
      status: 'approved',
      points: 0,
      reason: 'Pelas regras do programa para a profissão, nenhum ponto creditado.',
    });
    expect(await balanceOf(t.database.db, ana())).toBe(before);

    const sergio = { kind: 'shopkeeper' as const, id: t.ids.sergio };
    const sellerBefore = await balanceOf(t.database.db, sergio);
    const sale = await send({}, 'shopkeeper');
    expect((await approve(sale.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBe(before);
    expect(await balanceOf(t.database.db, sergio)).toBeGreaterThan(sellerBefore);

    const campaign = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
      name: 'Campanha da regra',
      points: 100,
      audience: 'professional',
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
    });
    const { id, qrCode } = campaign.json().item;
    const granted = await t.call('admin', 'POST', '/api/cms/points-extra/add-extra-point-in-professional', {
      idExtraPoint: id,
      idProfessionals: [t.ids.ana, t.ids.eduardo],
    });
    expect(granted.json()).toMatchObject({ added: 1, skipped: 1 });
    const taken = await t.call('professional', 'POST', '/api/professionals/points-extra/subscribed', {
      id,
      code: qrCode,
    });
    expect([taken.statusCode, taken.json().msg]).toEqual([
      422,
      'Pelas regras do programa para a sua profissão, você não acumula pontos.',
    ]);
    const given = await t.call('admin', 'POST', '/api/cms/professionals/adjust-points', {
      professionalId: t.ids.ana,
      points: 50,
      reason: 'Correção',
    });
    expect([given.statusCode, given.json().msg]).toEqual([
      422,
      'Pelas regras do programa, a profissão deste profissional não acumula pontos.',
    ]);
    expect(await balanceOf(t.database.db, ana())).toBe(before);
    // Taking back is still a correction the admin may make.
    const taken2 = await t.call('admin', 'POST', '/api/cms/professionals/adjust-points', {
      professionalId: t.ids.ana,
      points: -1,
      reason: 'Correção',
    });
    expect(taken2.statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBe(before - 100);
  });

  it('a change of rules never rewrites the ledger: what was credited stays, what is approved after follows the new rule', async () => {
    const first = await send();
    expect((await approve(first.id)).statusCode).toBe(200);
    const credited = await balanceOf(t.database.db, ana());
    await architects({ earns: 'nothing', experiences: 'open' });
    expect(await balanceOf(t.database.db, ana())).toBe(credited);
    await setRules([]);
    const second = await send();
    expect((await approve(second.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBeGreaterThan(credited);
  });

  it("a pending invoice's preview is what its approval credits, and 0 under 'earns nothing'", async () => {
    const previewOf = async (id: string) =>
      (await t.call('professional', 'GET', '/api/professionals/invoices/get-all?status=pending&limit=100'))
        .json()
        .items.find((item: { id: string }) => item.id === id)?.pointsPreview;
    const sent = await send();
    const preview = await previewOf(sent.id);
    expect(preview).toBeGreaterThan(0);
    const before = await balanceOf(t.database.db, ana());
    expect((await approve(sent.id)).statusCode).toBe(200);
    expect((await balanceOf(t.database.db, ana())) - before).toBe(Math.round(preview * 100));

    await architects({ earns: 'nothing' });
    const barred = await send();
    expect(await previewOf(barred.id)).toBe(0);
  });

  it('"experiences open": a seat costs nothing and asks no level; the list shows no price', async () => {
    const category = await t.call('admin', 'POST', '/api/cms/experiences-categories/create', {
      name: 'Visitas da regra',
      type: 'professional',
    });
    const highest = (await t.database.db.select().from(levels)).sort((a, b) => b.threshold - a.threshold)[0];
    expect(highest).toBeDefined();
    const created = await t.upload('admin', '/api/cms/experiences/create', {
      fields: {
        categoryId: category.json().item.id,
        name: 'Visita à fábrica',
        happensAt: new Date(Date.now() + 10 * DAY).toISOString(),
        seats: '2',
        points: '999999',
        minLevelId: highest?.id ?? '',
      },
    });
    const experienceId = created.json().item.id as string;
    // Under the defaults Ana cannot: the level first.
    const refused = await t.call('professional', 'POST', '/api/professionals/experiences/subscribe', { experienceId });
    expect(refused.statusCode).toBe(422);

    await architects({ experiences: 'open' });
    const listed = await t.call('professional', 'GET', `/api/professionals/experiences/get-one/${experienceId}`);
    expect(listed.json()).toMatchObject({ points: 0, eligible: true, open: true });
    expect(
      (await t.call('other', 'GET', `/api/professionals/experiences/get-one/${experienceId}`)).json(),
    ).toMatchObject({ points: 999999, open: false });
    const before = await balanceOf(t.database.db, ana());
    const joined = await t.call('professional', 'POST', '/api/professionals/experiences/subscribe', { experienceId });
    expect(joined.statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBe(before);
    const left = await t.call('professional', 'POST', '/api/professionals/experiences/cancel', { experienceId });
    expect(left.statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBe(before);
    // Eduardo, an engineer, still pays and still needs the level.
    const eduardo = await t.call('other', 'POST', '/api/professionals/experiences/subscribe', { experienceId });
    expect(eduardo.statusCode).toBe(422);
  });

  it('"client disclosure": an untold buyer waits for Ana\'s declaration; a told customer, or her own CPF, counts at once', async () => {
    await architects({ clientDisclosure: true });
    const untold = await send({ customerCpf: cpfFrom('555444333') });
    const waiting = await approve(untold.id);
    expect([waiting.statusCode, waiting.json().msg]).toEqual([
      422,
      'Esta nota fiscal aguarda a declaração do profissional de que o cliente foi informado da participação no programa.',
    ]);
    const many = await t.call('admin', 'POST', '/api/cms/professionals/invoices/approve-many', { ids: [untold.id] });
    expect(many.json()).toMatchObject({ approved: 0, failed: [{ id: untold.id }] });

    // Ana sees it waiting, as does the admin's queue.
    const mine = await t.call('professional', 'GET', '/api/professionals/invoices/get-all?status=pending&limit=100');
    expect(mine.json().items.find((item: { id: string }) => item.id === untold.id)).toMatchObject({
      awaitingDisclosure: true,
    });

    // Only the invoice's owner declares, once.
    const stranger = await t.call('other', 'POST', `/api/professionals/invoices/${untold.id}/declare-disclosure`);
    expect(stranger.statusCode).toBe(404);
    const declared = await t.call(
      'professional',
      'POST',
      `/api/professionals/invoices/${untold.id}/declare-disclosure`,
    );
    expect([declared.statusCode, declared.json().msg]).toEqual([
      200,
      'Declaração registrada. A nota fiscal segue para análise.',
    ]);
    const twice = await t.call('professional', 'POST', `/api/professionals/invoices/${untold.id}/declare-disclosure`);
    expect(twice.statusCode).toBe(409);
    const before = await balanceOf(t.database.db, ana());
    expect((await approve(untold.id)).statusCode).toBe(200);
    expect(await balanceOf(t.database.db, ana())).toBeGreaterThan(before);

    // A customer registered with an e-mail received the programme's notice: nothing to declare.
    const customerCpf = cpfFrom('777888999');
    const registered = await t.call('professional', 'POST', '/api/professionals/customers/create', {
      data: { name: 'Cliente Avisada', cpf: customerCpf, email: 'cliente.avisada@exemplo.com.br' },
    });
    expect(registered.statusCode).toBe(200);
    const told = await send({ customerCpf });
    expect((await approve(told.id)).statusCode).toBe(200);

    const [own] = await t.database.db
      .select({ cpf: professionals.cpf })
      .from(professionals)
      .where(eq(professionals.id, t.ids.ana));
    const forHerself = await send({ customerCpf: own?.cpf });
    expect((await approve(forHerself.id)).statusCode).toBe(200);

    // Declared as she sends it: the invoice counts at once.
    const declaredOnSending = await send({ customerCpf: cpfFrom('555444322'), clientTold: 'true' });
    expect((await approve(declaredOnSending.id)).statusCode).toBe(200);

    // An engineer's invoice never waits.
    const engineer = await submitInvoice(t, 'other', {
      storeId: t.ids.store,
      lines,
      customerCpf: cpfFrom('111222333'),
    });
    expect((await approve(engineer.json().item.id)).statusCode).toBe(200);
    const [declaredRow] = await t.database.db
      .select({ disclosedAt: invoices.disclosedAt })
      .from(invoices)
      .where(and(eq(invoices.id, untold.id)));
    expect(declaredRow?.disclosedAt).toBeInstanceOf(Date);
  });
});
