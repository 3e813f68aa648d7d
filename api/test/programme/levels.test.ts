import { auditRecords } from '../../src/db/schema';
import { testDrivers } from '../support/database';
import { expectLedgerConsistent, type ProgrammeTest, startProgramme } from '../support/programme';

const demoLevels = [
  { name: 'Bronze', points: 0 },
  { name: 'Prata', points: 5000 },
  { name: 'Ouro', points: 15000 },
  { name: 'Diamante', points: 40000 },
];

describe.each(testDrivers)('levels and settings on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

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
      });
      const changed = { ...defaults.json(), shopkeeperSharePercent: 12.5 };
      const saved = await t.call('admin', 'POST', '/api/cms/config/update-settings', changed);
      expect(saved.json()).toEqual({ msg: 'Atualizado com sucesso!' });
      expect((await t.call('admin', 'GET', '/api/cms/config/get-settings')).json()).toEqual(changed);
      const bad = await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...changed, expiryMonths: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('A validade dos pontos vai de 1 a 120 meses.');
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
      });
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

  describe('POST /api/cms/jobs/expire-points', () => {
    it('runs the expiry job and says what it did', async () => {
      const response = await t.call('admin', 'POST', '/api/cms/jobs/expire-points');
      expect(response.json()).toMatchObject({ participants: 0, expired: 0, msg: expect.stringContaining('Expiração') });
    });
  });
});
