import { eq } from 'drizzle-orm';
import { professionals } from '../../src/db/schema';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

describe.each(testDrivers)('a seller confirms who a sale is for on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.database.db.update(professionals).set({ cpf: '52998224725' }).where(eq(professionals.id, t.ids.ana));
  }, 60_000);
  afterAll(() => t?.close());

  const lookup = (search: string, caller: 'shopkeeper' | 'consultant' | 'professional' | 'admin' = 'shopkeeper') =>
    t.call(caller, 'GET', `/api/shopkeeper/professionals/lookup?search=${encodeURIComponent(search)}`);

  describe('GET /api/shopkeeper/professionals/lookup', () => {
    it('answers only the id and the name of the professional of a CPF, masked or not, or of an e-mail', async () => {
      for (const search of ['529.982.247-25', '52998224725', 'ANA@especifica.dev']) {
        const response = await lookup(search);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ id: t.ids.ana, name: 'Ana Arquiteta' });
      }
    });

    it('finds nobody behind a pending account, an unknown CPF or e-mail, and refuses what is neither, in pt-BR', async () => {
      await t.database.db
        .update(professionals)
        .set({ status: 'awaiting_email' })
        .where(eq(professionals.id, t.ids.eduardo));
      const pending = await lookup('eduardo@especifica.dev');
      expect(pending.statusCode).toBe(404);
      expect(pending.json().msg).toBe('Nenhum profissional do programa com este CPF ou e-mail.');
      expect((await lookup('111.444.777-35')).statusCode).toBe(404);
      const neither = await lookup('12345');
      expect(neither.statusCode).toBe(400);
      expect(neither.json().data).toEqual([{ field: 'search', message: 'Digite um CPF ou um e-mail válido.' }]);
      await t.database.db.update(professionals).set({ status: 'active' }).where(eq(professionals.id, t.ids.eduardo));
    });

    it('is for shopkeepers only', async () => {
      expect((await lookup('ana@especifica.dev', 'professional')).statusCode).toBe(403);
      expect((await lookup('ana@especifica.dev', 'admin')).statusCode).toBe(403);
      expect(
        (await t.call(null, 'GET', '/api/shopkeeper/professionals/lookup?search=ana@especifica.dev')).statusCode,
      ).toBe(401);
    });

    it('counts the lookups of one account: the 61st within 15 minutes answers 429', async () => {
      const answers: number[] = [];
      for (let i = 0; i < 61; i += 1) answers.push((await lookup(`ninguem${i}@exemplo.dev`, 'consultant')).statusCode);
      expect(answers.slice(0, 60).every((status) => status === 404)).toBe(true);
      expect(answers[60]).toBe(429);
    }, 30_000);
  });
});
