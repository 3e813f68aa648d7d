import { auditRecords } from '../../src/db/schema';
import { createProfessional, loginRoutes } from '../support/app';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

const draft = (content: string) => ({ title: 'Regulamento do Programa Especifica (versão 3)', content });

describe.each(testDrivers)('regulation versions on %s', (driver) => {
  let t: ProgrammeTest;
  let seeded: { version: number; title: string; content: string };
  beforeAll(async () => {
    t = await startProgramme(driver);
    seeded = (await t.call('admin', 'GET', '/api/cms/regulation/get-all')).json().items[0];
  }, 60_000);
  afterAll(() => t?.close());

  it('lists every version, newest first', async () => {
    const response = await t.call('admin', 'GET', '/api/cms/regulation/get-all');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: { version: number }) => item.version)).toEqual([2, 1]);
  });

  it('previews what a draft changes against the current version, clause by clause, without publishing it', async () => {
    const [first, ...rest] = seeded.content.split(/\n\s*\n/);
    const content = [`${first} Texto novo.`, ...rest, '99. Uma cláusula nova.'].join('\n\n');
    const response = await t.call('admin', 'POST', '/api/cms/regulation/preview', draft(content));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ current: { version: 2 }, nextVersion: 3 });
    expect(response.json().changes).toEqual(
      expect.arrayContaining([
        { kind: 'changed', before: first?.trim(), after: `${first?.trim()} Texto novo.` },
        { kind: 'added', before: null, after: '99. Uma cláusula nova.' },
      ]),
    );
    expect((await t.call('admin', 'GET', '/api/cms/regulation/get-all')).json().items).toHaveLength(2);
  });

  it('refuses a draft without text, or one equal to the current version, in pt-BR', async () => {
    const empty = await t.call('admin', 'POST', '/api/cms/regulation/publish', { title: '', content: 'curto' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toMatch(/regulamento/);
    const same = await t.call('admin', 'POST', '/api/cms/regulation/publish', {
      title: seeded.title,
      content: seeded.content,
    });
    expect([same.statusCode, same.json().msg]).toEqual([
      422,
      'O texto é igual ao da versão atual: altere algo antes de publicar.',
    ]);
  });

  it('publishes the next version, audits it, and a participant is asked to accept it at the next login', async () => {
    const professional = await createProfessional(t.database);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: loginRoutes.professional,
        payload: { email: professional.email, password: professional.password },
      });
    expect((await login()).json()).toHaveProperty('accessToken');

    const published = await t.call(
      'admin',
      'POST',
      '/api/cms/regulation/publish',
      draft(`${seeded.content}\n\n99. Nova.`),
    );
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ msg: 'Regulamento publicado com sucesso!', item: { version: 3 } });

    const pending = (await login()).json();
    expect(pending).not.toHaveProperty('accessToken');
    expect(pending.terms).toMatchObject({ version: 3, title: 'Regulamento do Programa Especifica (versão 3)' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-terms',
      payload: { termsToken: pending.termsToken, version: 3, accept: true },
    });
    expect(accepted.json()).toHaveProperty('accessToken');
    expect((await login()).json()).toHaveProperty('accessToken');

    const records = await t.database.db.select().from(auditRecords);
    expect(records.find((record) => record.entity === 'regulation')).toMatchObject({
      action: 'publish',
      entityId: '3',
      actorName: 'Administradora Demo',
    });
  });

  it('is for admins only', async () => {
    expect((await t.call('professional', 'GET', '/api/cms/regulation/get-all')).statusCode).toBe(403);
    expect(
      (await t.call('professional', 'POST', '/api/cms/regulation/publish', draft('x'.repeat(30)))).statusCode,
    ).toBe(403);
  });
});
