import { auditRecords, professionals } from '../../src/db/schema';
import { testDrivers } from '../support/database';
import { tokenOf } from '../support/programme';
import { programmeSuite } from '../support/programme-suite';

const demoLevels = [
  { name: 'Bronze', points: 0 },
  { name: 'Prata', points: 5000 },
  { name: 'Ouro', points: 15000 },
  { name: 'Diamante', points: 40000 },
];

describe.each(testDrivers)('levels and settings on %s', (driver) => {
  const t = programmeSuite(driver);

  describe('GET /api/cms/config/get-levels', () => {
    it('lists the levels in order with their thresholds in points', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/config/get-levels');
      expect(response.statusCode).toBe(200);
      expect(response.json().items).toMatchObject(demoLevels.map((level) => ({ ...level, sublevels: 3 })));
    });
  });

  describe('POST /api/cms/config/update-levels', () => {
    it('replaces the list (renaming, re-pricing and adding) and audits the change', async () => {
      const current = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items;
      const levels = [
        { ...current[0], benefits: 'Boas-vindas' },
        { ...current[1], points: 15000 },
        { ...current[2], points: 5000, name: 'Ouro Claro' },
        { name: 'Platina', points: 80000, sublevels: 2, benefits: '' },
      ];
      const response = await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels });
      expect(response.statusCode).toBe(200);
      expect(response.json().items.map((l: { name: string; points: number }) => [l.name, l.points])).toEqual([
        ['Bronze', 0],
        ['Ouro Claro', 5000],
        ['Prata', 15000],
        ['Platina', 80000],
      ]);
      const audits = await t.database.db.select().from(auditRecords);
      expect(audits.find((record) => record.action === 'update-levels')).toMatchObject({
        actorName: 'Administradora Demo',
        entity: 'levels',
      });
      // Back to the demo levels for the other cases.
      const restore = demoLevels.map((level) => ({ ...level, sublevels: 3, benefits: '' }));
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: restore })).statusCode).toBe(
        200,
      );
    });

    it('notifies the participants whose level an edit changes, and nobody else', async () => {
      const current = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items;
      const titles = async (caller: 'professional' | 'other') =>
        (await t.call(caller, 'GET', '/api/professionals/notifications/get-all-notifications?limit=100'))
          .json()
          .items.filter((item: { type: string }) => item.type === 'level-changed')
          .map((item: { message: string }) => item.message);
      const [anaBefore, eduardoBefore] = [await titles('professional'), await titles('other')];
      // Ana earned 8.250,50 in the cycle (Prata from 5.000): a level at 8.000 is now hers.
      const levels = [...current, { name: 'Prata Plus', points: 8000, sublevels: 1, benefits: '' }];
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels })).statusCode).toBe(200);
      expect((await titles('professional')).slice(0, 1)).toEqual([
        'Com a atualização dos níveis do programa, seu nível agora é Prata Plus.',
      ]);
      expect((await titles('professional')).length).toBe(anaBefore.length + 1);
      expect(await titles('other')).toEqual(eduardoBefore);
      // The notice ranks its level among today's by threshold: Prata Plus is the third, its emblem gold's.
      const ranks = async () =>
        (await t.call('professional', 'GET', '/api/professionals/notifications/get-all-notifications?limit=100'))
          .json()
          .items.filter((item: { type: string }) => item.type === 'level-changed')
          .map((item: { data: { level: string; rank?: number } }) => [item.data.level, item.data.rank]);
      expect((await ranks())[0]).toEqual(['Prata Plus', 2]);
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: current })).statusCode).toBe(
        200,
      );
      expect((await titles('professional')).length).toBe(anaBefore.length + 2);
      // Prata Plus is gone: its notice keeps no rank; back on Prata, the second level.
      expect((await ranks()).slice(0, 2)).toEqual([
        ['Prata', 1],
        ['Prata Plus', undefined],
      ]);
    });

    it('notifies those who earned nothing in the cycle when the first level moves, and not a consultant', async () => {
      const [zero] = await t.database.db
        .insert(professionals)
        .values({
          name: 'Zélia Sem Pontos',
          email: 'zelia.sem.pontos@example.com',
          passwordHash: '!',
          status: 'active',
        })
        .returning({ id: professionals.id });
      if (!zero) throw new Error('no professional');
      const zeroToken = tokenOf(t, 'professional', zero.id);
      const levelNotices = async (token: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/professionals/notifications/get-all-notifications?limit=100',
            headers: { authorization: `Bearer ${token}` },
          })
        )
          .json()
          .items.filter((item: { type: string }) => item.type === 'level-changed')
          .map((item: { message: string }) => item.message);
      const standing = (await t.call('professional', 'GET', '/api/professionals/dashboard/get-level')).json();
      expect(standing.earnedInCycle).toBeGreaterThan(1);
      const zeroStanding = await t.app.inject({
        method: 'GET',
        url: '/api/professionals/dashboard/get-level',
        headers: { authorization: `Bearer ${zeroToken}` },
      });
      expect(zeroStanding.json()).toMatchObject({ level: 'Bronze', earnedInCycle: 0 });
      const consultantBefore = await t.call(
        'consultant',
        'GET',
        '/api/professionals/notifications/get-all-notifications?limit=100',
      );
      const anaBefore = await t.call(
        'professional',
        'GET',
        '/api/professionals/notifications/get-all-notifications?limit=100',
      );

      const current = (await t.call('admin', 'GET', '/api/cms/config/get-levels')).json().items;
      // Bronze now starts at 1 point: below it, a new first level.
      const levels = [
        { name: 'Iniciante', points: 0, sublevels: 1, benefits: '' },
        { ...current[0], points: 1 },
        ...current.slice(1),
      ];
      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels })).statusCode).toBe(200);
      expect(await levelNotices(zeroToken)).toEqual([
        'Com a atualização dos níveis do programa, seu nível agora é Iniciante.',
      ]);
      const now = await t.app.inject({
        method: 'GET',
        url: '/api/professionals/dashboard/get-level',
        headers: { authorization: `Bearer ${zeroToken}` },
      });
      expect(now.json().level).toBe('Iniciante');
      // Ana (Prata) and Carla (a consultant, no level) hear nothing.
      expect(
        (await t.call('professional', 'GET', '/api/professionals/notifications/get-all-notifications?limit=100')).json()
          .items,
      ).toHaveLength(anaBefore.json().items.length);
      expect(
        (await t.call('consultant', 'GET', '/api/professionals/notifications/get-all-notifications?limit=100')).json()
          .items,
      ).toHaveLength(consultantBefore.json().items.length);

      expect((await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels: current })).statusCode).toBe(
        200,
      );
      expect(await levelNotices(zeroToken)).toEqual([
        'Com a atualização dos níveis do programa, seu nível agora é Bronze.',
        'Com a atualização dos níveis do programa, seu nível agora é Iniciante.',
      ]);
    });

    it.each([
      ['no level starting at zero', [{ name: 'A', points: 10, sublevels: 1 }], 'O primeiro nível começa em 0 pontos.'],
      [
        'two levels with one name',
        [
          { name: 'A', points: 0, sublevels: 1 },
          { name: 'a', points: 10, sublevels: 1 },
        ],
        'Cada nível precisa de um nome e de uma pontuação diferentes.',
      ],
      ['a third decimal', [{ name: 'A', points: 0.001, sublevels: 1 }], 'Use no máximo duas casas decimais.'],
      ['eleven sublevels', [{ name: 'A', points: 0, sublevels: 11 }], 'Os subníveis vão de 1 a 10.'],
      ['an empty list', [], 'Informe de 1 a 20 níveis.'],
    ])('refuses %s with 400 and a sentence', async (_case, levels, msg) => {
      const response = await t.call('admin', 'POST', '/api/cms/config/update-levels', { levels });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ msg, code: 'validation' });
    });
  });

  describe('settings', () => {
    it('reads the defaults, saves a change with an audit record, and validates', async () => {
      const defaults = await t.call('admin', 'GET', '/api/cms/config/get-settings');
      expect(defaults.json()).toEqual({
        pointsPerReal: 1,
        shopkeeperSharePercent: 10,
        expiryMonths: 24,
        customerWindowDays: 180,
        reviewDeadlineDays: 5,
        // The demo's: the automatic review on (off in a new programme), the rest its defaults.
        automaticReview: true,
        automaticReviewHoldHours: 24,
        automaticReviewMaxTotal: 5000,
        automaticReviewMaxAgeDays: 90,
        automaticReviewSamplePercent: 5,
        riskInvoicesPerDay: 10,
        riskTotalAbove: 50000,
        retentionYears: 5,
      });
      const changed = { ...defaults.json(), shopkeeperSharePercent: 12.5 };
      const saved = await t.call('admin', 'POST', '/api/cms/config/update-settings', changed);
      expect(saved.json()).toEqual({ msg: 'Atualizado com sucesso!' });
      expect((await t.call('admin', 'GET', '/api/cms/config/get-settings')).json()).toEqual(changed);
      const bad = await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...changed, expiryMonths: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('A validade dos pontos vai de 1 a 120 meses.');
      const late = await t.call('admin', 'POST', '/api/cms/config/update-settings', {
        ...changed,
        reviewDeadlineDays: 91,
      });
      expect(late.json().msg).toBe('O prazo de análise das notas fiscais vai de 1 a 90 dias.');
      const retention = await t.call('admin', 'POST', '/api/cms/config/update-settings', {
        ...changed,
        retentionYears: 0,
      });
      expect([retention.statusCode, retention.json().msg]).toEqual([400, 'O prazo de inatividade vai de 1 a 20 anos.']);
      // The form of today sends no deadline: the saved one stays.
      const { reviewDeadlineDays: _, ...withoutDeadline } = changed;
      await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...withoutDeadline, reviewDeadlineDays: 7 });
      await t.call('admin', 'POST', '/api/cms/config/update-settings', withoutDeadline);
      expect((await t.call('admin', 'GET', '/api/cms/config/get-settings')).json().reviewDeadlineDays).toBe(7);
      await t.call('admin', 'POST', '/api/cms/config/update-settings', defaults.json());
    });
  });

  describe('GET /api/professionals/dashboard/get-level', () => {
    it("shows a professional's level, sublevel and what the next level needs", async () => {
      const response = await t.call('professional', 'GET', '/api/professionals/dashboard/get-level');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        level: 'Prata',
        sublevel: 1,
        earnedInCycle: 8250.5,
        balance: 8250.5,
        nextLevel: 'Ouro',
        pointsToNextLevel: 6749.5,
        progress: 32,
      });
      // The dashboard's level carries the same figure: one computation for every progress bar.
      const dashboard = (await t.call('professional', 'GET', '/api/professionals/get-dashboard-data')).json();
      expect(dashboard.level.progress).toBe(32);
    });

    it('shows a consultant points but no level', async () => {
      const response = await t.call('consultant', 'GET', '/api/professionals/dashboard/get-level');
      expect(response.json()).toMatchObject({ level: null, balance: 1500, levels: [] });
    });

    it('gives a consultant no level from the header’s or the profile’s call either, while a seller has one', async () => {
      for (const url of ['/api/professionals/get-dashboard-data', '/api/professionals/get-profile-data']) {
        const consultant = (await t.call('consultant', 'GET', url)).json();
        expect(consultant).toMatchObject({ totalPoints: 1500, level: { name: '', level: '', sublevel: 0 } });
        const seller = (await t.call('shopkeeper', 'GET', url)).json();
        expect(seller.level.name).not.toBe('');
      }
    });
  });

  describe('GET /api/cms/audit/get-all', () => {
    it('pages the audit records, filtered by entity', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/audit/get-all?entity=settings&limit=5');
      expect(response.statusCode).toBe(200);
      expect(response.json().items[0]).toMatchObject({
        action: 'update-settings',
        actorName: 'Administradora Demo',
        before: expect.objectContaining({ expiryMonths: 24 }),
      });
      expect((await t.call('admin', 'GET', '/api/cms/audit/get-all?limit=0')).statusCode).toBe(400);
    });
  });

  describe('the audit log filtered by who, what and when, and exported', () => {
    beforeAll(async () => {
      await t.database.db.insert(auditRecords).values([
        {
          actorName: 'Bruna Auditora',
          action: 'update',
          entity: 'store',
          entityId: 's-1',
          createdAt: new Date('2026-02-10T15:00:00Z'),
        },
        {
          actorName: 'Bruna Auditora',
          action: 'create',
          entity: 'faq',
          entityId: 'f-1',
          createdAt: new Date('2026-03-01T02:00:00Z'),
        },
        {
          actorName: 'Carlos Revisor',
          action: '=cmd',
          entity: 'store',
          entityId: 's-2',
          after: { name: '+Loja' },
          createdAt: new Date('2026-03-05T15:00:00Z'),
        },
      ]);
    });
    const names = async (query: string) => {
      const response = await t.call('admin', 'GET', `/api/cms/audit/get-all?${query}`);
      expect(response.statusCode).toBe(200);
      return response
        .json()
        .items.map((item: { actorName: string; entityId: string }) => `${item.actorName}:${item.entityId}`);
    };

    it('finds who by part of the name, what by entity, and when by days in Brasília time (both included)', async () => {
      expect(await names('search=auditora')).toEqual(['Bruna Auditora:f-1', 'Bruna Auditora:s-1']);
      expect(await names('entity=store&from=2026-01-01&to=2026-03-31')).toEqual([
        'Carlos Revisor:s-2',
        'Bruna Auditora:s-1',
      ]);
      // 2026-03-01T02:00Z is still 28 February in Brasília.
      expect(await names('search=auditora&from=2026-02-28&to=2026-02-28')).toEqual(['Bruna Auditora:f-1']);
      expect(await names('search=auditora&from=2026-03-01')).toEqual([]);
    });

    it('downloads every matching record as CSV, newest first, with formulas neutralised', async () => {
      const response = await t.call(
        'admin',
        'GET',
        '/api/cms/audit/get-all?entity=store&from=2026-01-01&to=2026-03-31&format=csv',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(3);
      expect(lines[0]?.replaceAll('"', '')).toBe('Quando;Quem;Perfil;Ação;O quê;Registro;Antes;Depois');
      expect(lines[1]).toContain('Carlos Revisor');
      // When, as the screen shows it: São Paulo's day and time, not the UTC instant (15:00Z is noon there).
      expect(lines[1]?.startsWith('"05/03/2026 12:00:00";')).toBe(true);
      expect(response.body).not.toContain('T15:00');
      expect(lines[1]).toContain("'=cmd");
      expect(lines[2]).toContain('Bruna Auditora');
    });

    it('refuses a bad period in pt-BR', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/audit/get-all?from=2026-02-30');
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/data/i);
    });
  });

  describe('POST /api/cms/jobs/expire-points', () => {
    it('runs the expiry job and says what it did', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/jobs/expire-points');
      expect(response.json()).toMatchObject({ participants: 0, expired: 0, msg: expect.stringContaining('Expiração') });
    });
  });
});
