import { eq } from 'drizzle-orm';
import { faqEntries, professionals } from '../../src/db/schema';
import { demoFaq } from '../../src/demo/data';
import { regulationChanges } from '../../src/domain/regulation';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

describe.each(testDrivers)('participant area reads on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    // The demo FAQ as the demo programme seeds it.
    await t.database.db.insert(faqEntries).values(demoFaq.map((entry, position) => ({ ...entry, position })));
  }, 60_000);
  afterAll(() => t?.close());

  describe('GET /api/professionals/faq/get-all', () => {
    it('answers the demo FAQ grouped by topic, in order, to professionals and shopkeepers', async () => {
      const response = await t.call('professional', 'GET', '/api/professionals/faq/get-all');
      expect(response.statusCode).toBe(200);
      const { topics } = response.json() as { topics: { topic: string; items: { question: string }[] }[] };
      expect(topics.map((group) => group.topic)).toEqual([...new Set(demoFaq.map((e) => e.topic))]);
      const points = topics.find((group) => group.topic === 'Pontos');
      expect(points?.items.map((item) => item.question)).toEqual(
        demoFaq.filter((e) => e.topic === 'Pontos').map((e) => e.question),
      );
      expect((await t.call('consultant', 'GET', '/api/professionals/faq/get-all')).statusCode).toBe(200);
      expect((await t.call(null, 'GET', '/api/professionals/faq/get-all')).statusCode).toBe(401);
    });
  });

  describe('GET /api/professionals/faq/get-all?search', () => {
    type Found = {
      topics: {
        topic: string;
        topicMarks?: [number, number][];
        items: { question: string; answer: string; marks?: { question: [number, number][] } }[];
      }[];
    };
    const find = async (search: string) => {
      const response = await t.call(
        'professional',
        'GET',
        `/api/professionals/faq/get-all?search=${encodeURIComponent(search)}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json() as Found;
    };
    const questions = (found: Found) => found.topics.flatMap((group) => group.items.map((item) => item.question));
    const marked = (text: string, ranges: [number, number][] = []) => ranges.map(([a, b]) => text.slice(a, b));

    it('finds a question by the stems of the words, in any order, accents and case ignored, and marks them', async () => {
      const found = await find('REPROVADAS notas');
      expect(questions(found)).toContain('Minha nota foi reprovada. E agora?');
      const item = found.topics
        .flatMap((g) => g.items)
        .find((i) => i.question === 'Minha nota foi reprovada. E agora?');
      expect(marked(item?.question ?? '', item?.marks?.question)).toEqual(['nota', 'reprovada']);
      // Every word must be there: a question with 'nota' but not 'reprovada' is left out.
      expect(questions(found)).not.toContain('Como envio uma nota fiscal?');

      const accents = await find('niveis beneficios');
      expect(accents.topics.map((group) => group.topic)).toEqual(['Níveis e benefícios']);
      expect(marked('Níveis e benefícios', accents.topics[0]?.topicMarks)).toEqual(['Níveis', 'benefícios']);
    });

    it('finds a part of a word while it is typed, and nothing for a word no question holds', async () => {
      expect(questions(await find('reprov'))).toContain('Minha nota foi reprovada. E agora?');
      expect((await find('helicóptero')).topics).toEqual([]);
      const all = await t.call('professional', 'GET', '/api/professionals/faq/get-all?search=');
      expect(questions(all.json())).toHaveLength(demoFaq.length);
    });

    it('refuses a search longer than 100 characters in pt-BR', async () => {
      const response = await t.call('professional', 'GET', `/api/professionals/faq/get-all?search=${'a'.repeat(101)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain('até 100 caracteres');
    });
  });

  describe('the admin FAQ routes', () => {
    it('create, update, switch off and remove a question; participants see only active ones', async () => {
      const created = await t.call('admin', 'POST', '/api/cms/faq/create', {
        topic: 'Pontos',
        question: 'Posso transferir pontos?',
        answer: 'Não, os pontos são pessoais.',
      });
      expect(created.statusCode).toBe(200);
      const { msg, item } = created.json();
      expect(msg).toBe('Criado com sucesso!');
      expect(item).toMatchObject({ topic: 'Pontos', position: 0, active: true });

      const updated = await t.call('admin', 'POST', '/api/cms/faq/update', { id: item.id, position: 99 });
      expect(updated.json()).toMatchObject({ msg: 'Atualizado com sucesso!', item: { position: 99 } });
      const last = (await t.call('professional', 'GET', '/api/professionals/faq/get-all')).json().topics[1];
      expect(last.topic).toBe('Pontos');
      expect(last.items.at(-1).question).toBe('Posso transferir pontos?');
      const read = async () =>
        (await t.call('professional', 'GET', '/api/professionals/faq/get-all'))
          .json()
          .topics.flatMap((g: { items: { question: string }[] }) => g.items.map((i) => i.question));
      expect((await read()).includes('Posso transferir pontos?')).toBe(true);

      await t.call('admin', 'POST', '/api/cms/faq/change-status', { id: item.id, active: false });
      expect((await read()).includes('Posso transferir pontos?')).toBe(false);
      const listed = await t.call('admin', 'GET', '/api/cms/faq/get-all?search=transferir&active=false');
      expect(listed.json()).toMatchObject({ total: 1, items: [{ id: item.id }] });

      const removed = await t.call('admin', 'POST', '/api/cms/faq/remove', { id: item.id });
      expect(removed.json()).toEqual({ msg: 'Pergunta removida com sucesso!' });
      expect((await t.call('admin', 'POST', '/api/cms/faq/remove', { id: item.id })).statusCode).toBe(404);
    });

    it('refuses a repeated question with a 409 on the field and bad input with a 400, changing nothing', async () => {
      const before = await t.database.db.$count(faqEntries);
      const [first] = demoFaq;
      const again = await t.call('admin', 'POST', '/api/cms/faq/create', { ...first });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        msg: 'Já existe uma pergunta com este texto.',
        data: [{ field: 'question' }],
      });
      const empty = await t.call('admin', 'POST', '/api/cms/faq/create', { topic: 'X', question: ' ', answer: 'Y' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toBe('Digite a pergunta.');
      expect(await t.database.db.$count(faqEntries)).toBe(before);
    });

    it('is for admins only', async () => {
      expect((await t.call('professional', 'GET', '/api/cms/faq/get-all')).statusCode).toBe(403);
      const post = await t.call('shopkeeper', 'POST', '/api/cms/faq/create', {
        topic: 'a',
        question: 'b',
        answer: 'c',
      });
      expect(post.statusCode).toBe(403);
    });
  });

  describe('GET /api/professionals/regulation', () => {
    it('answers the current version, when the reader accepted it, and the clauses that changed', async () => {
      const response = await t.call('professional', 'GET', '/api/professionals/regulation');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ version: 2, previous: { version: 1 }, accepted: { version: 2 } });
      expect(typeof body.accepted.at).toBe('string');
      expect(body.changes.length).toBeGreaterThan(0);
      expect(body.changes.some((change: { kind: string }) => change.kind === 'added')).toBe(true);
    });

    it('stamps the date of acceptance when the accepted version changes', async () => {
      const db = t.database.db;
      await db.update(professionals).set({ acceptedTermsVersion: 1 }).where(eq(professionals.id, t.ids.eduardo));
      const [row] = await db
        .select({ at: professionals.acceptedTermsAt })
        .from(professionals)
        .where(eq(professionals.id, t.ids.eduardo));
      expect(row?.at).toBeInstanceOf(Date);
      expect(Date.now() - (row?.at?.getTime() ?? 0)).toBeLessThan(60_000);
      const eduardo = (await t.call('other', 'GET', '/api/professionals/regulation')).json();
      expect(eduardo.accepted.version).toBe(1);
      await db.update(professionals).set({ acceptedTermsVersion: 2 }).where(eq(professionals.id, t.ids.eduardo));
    });
  });

  describe('regulationChanges', () => {
    it('matches numbered clauses by number and other paragraphs by text', () => {
      const before = 'Intro\n\n1. Pontos valem 12 meses.\n\n2. Dados pessoais.\n\nFim antigo';
      const after = 'Intro\n\n1. Pontos valem 24 meses.\n\n2. Dados pessoais.\n\n3. Níveis por ciclo.';
      expect(regulationChanges(before, after)).toEqual([
        { kind: 'changed', before: '1. Pontos valem 12 meses.', after: '1. Pontos valem 24 meses.' },
        { kind: 'added', before: null, after: '3. Níveis por ciclo.' },
        { kind: 'removed', before: 'Fim antigo', after: null },
      ]);
    });
  });

  describe('GET /api/professionals/settings and /api/professionals/score', () => {
    it('answers the rules of earning to participants', async () => {
      const response = await t.call('shopkeeper', 'GET', '/api/professionals/settings');
      const settings = response.json();
      // The sellers' rule beside the professionals': 10% of a sale's base points in the demo.
      expect(settings).toMatchObject({
        pointsPerReal: 1,
        shopkeeperSharePercent: 10,
        expiryMonths: 24,
        customerWindowDays: 180,
      });
      // Consultants read the levels here, though their own standing has none.
      expect(settings.levels.map((level: { name: string }) => level.name)).toEqual([
        'Bronze',
        'Prata',
        'Ouro',
        'Diamante',
      ]);
      expect(settings.levels[0].points).toBe(0);
      expect((await t.call('admin', 'GET', '/api/professionals/settings')).statusCode).toBe(403);
    });

    it("sums the cycle's earned points by month and by source, matching the standing", async () => {
      const score = (await t.call('professional', 'GET', '/api/professionals/score')).json();
      const standing = (await t.call('professional', 'GET', '/api/professionals/dashboard/get-level')).json();
      expect(score.months).toHaveLength(12);
      expect(score.earned).toBeCloseTo(standing.earnedInCycle, 2);
      const byMonth = score.months.reduce((sum: number, m: { points: number }) => sum + m.points, 0);
      const bySource = score.sources.reduce((sum: number, s: { points: number }) => sum + s.points, 0);
      expect(byMonth).toBeCloseTo(score.earned, 2);
      expect(bySource).toBeCloseTo(score.earned, 2);
      expect(score.earned).toBeGreaterThan(0);
    });
  });
});
