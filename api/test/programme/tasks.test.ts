import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Task } from '@especifica/mf-shared/contracts';
import { count, like, sql } from 'drizzle-orm';
import { auditRecords, products, tasks } from '../../src/db/schema';
import { expireTasks } from '../../src/modules/tasks';
import { localStorage } from '../../src/storage';
import { tokenFor } from '../support/app';
import { testDrivers } from '../support/database';
import { multipart, type ProgrammeTest, startProgramme } from '../support/programme';

// Long work as tasks (docs/jobs.md): an import or a large export answers 202 with a task, a job does the work and
// records its progress, the result (counts and bad rows, or the file) is its owner's alone, for 7 days.

const catalogue = (prefix: string, rows: number) =>
  [
    'sku;nome;marca;categoria',
    ...Array.from({ length: rows }, (_, i) => `${prefix}-${i + 1};Produto ${i + 1};Marca;Categoria`),
  ].join('\n');

describe.each(testDrivers)('tasks on %s', (driver) => {
  let t: ProgrammeTest;
  let otherAdmin: string;
  beforeAll(async () => {
    t = await startProgramme(driver);
    const created = await t.call('admin', 'POST', '/api/cms/users/create', {
      name: 'Bruna Gestora',
      email: 'bruna.tarefas@especifica.dev',
      password: 'Gestora@2026',
    });
    expect(created.statusCode).toBe(200);
    otherAdmin = await tokenFor(t.app, 'admin', 'bruna.tarefas@especifica.dev', 'Gestora@2026');
  }, 60_000);
  afterAll(() => t?.close());

  const productsLike = async (prefix: string) =>
    (
      await t.database.db
        .select({ total: count() })
        .from(products)
        .where(like(products.sku, `${prefix}-%`))
    )[0]?.total;

  const importAs = (token: string, csv: string) => {
    const { body, contentType } = multipart({ file: { name: 'produtos.csv', data: csv } });
    return t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
  };

  it('answers an import with 202 and its task, then records its progress, its counts and a bell notification', async () => {
    const rows = 40_000;
    const answer = await t.upload('admin', '/api/products/import', {
      file: { name: 'produtos.csv', data: catalogue('PROG', rows) },
    });
    expect(answer.statusCode).toBe(202);
    const queued = answer.json() as Task;
    expect(queued).toMatchObject({ kind: 'import:products', state: 'queued', done: 0, counts: null, file: null });

    // Read as the page reads it while the job works.
    const seen: Task[] = [];
    for (;;) {
      const read = (await t.call('admin', 'GET', `/api/tasks/${queued.id}`)).json() as Task;
      seen.push(read);
      if (read.state === 'done' || read.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const task = seen[seen.length - 1] as Task;
    expect(task).toMatchObject({
      state: 'done',
      done: rows,
      total: rows,
      percent: 100,
      counts: { created: rows, updated: 0, skipped: 0, errors: [], errorCount: 0 },
      error: null,
    });
    // The file's rows are the total once counted, at the start; PostgreSQL shows the rows done meanwhile (PGlite's
    // one connection is the import's own until it ends).
    const running = seen.filter((read) => read.state === 'running');
    for (const read of running) expect([null, rows]).toContain(read.total);
    if (driver === 'postgres') {
      const midway = running.find((read) => read.done > 0 && read.done < rows);
      expect(midway?.percent).toBe(Math.floor(((midway?.done ?? 0) * 100) / rows));
    }
    expect(new Date(task.expiresAt).getTime() - new Date(task.finishedAt ?? 0).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(await productsLike('PROG')).toBe(rows);

    const bell = await t.call('admin', 'GET', '/api/cms/notifications/get-all-notifications?limit=5');
    expect(bell.json().items[0]).toMatchObject({
      type: 'task',
      title: 'Importação de produtos concluída',
      message: '40.000 criados, 0 atualizados.',
      data: { taskId: task.id, kind: 'import:products', state: 'done' },
      read: false,
    });
    // A page opened again finds it among the owner's tasks of that kind.
    const mine = await t.call('admin', 'GET', '/api/tasks?kind=import:products');
    expect(mine.json().items.map((item: Task) => item.id)).toContain(task.id);
  }, 60_000);

  it('shows a task and its file to its owner only: another admin gets 404 and does not list it', async () => {
    const task = await t.importFile('admin', '/api/products/import', {
      file: { name: 'produtos.csv', data: catalogue('DONO', 3) },
    });
    for (const url of [`/api/tasks/${task.id}`, `/api/tasks/${task.id}/file`]) {
      const stranger = await t.callWith(otherAdmin, 'GET', url);
      expect([url, stranger.statusCode, stranger.json().msg]).toEqual([url, 404, 'Tarefa não encontrada.']);
    }
    const professional = await t.call('professional', 'GET', `/api/tasks/${task.id}`);
    expect(professional.statusCode).toBe(404);
    const theirs = await t.callWith(otherAdmin, 'GET', '/api/tasks?kind=import:products');
    expect(theirs.json().items).toEqual([]);
    const anonymous = await t.call(null, 'GET', `/api/tasks/${task.id}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('imports nothing of a file whose job fails mid-way, and imports it whole, once, on the retry', async () => {
    const db = t.database.db;
    // The 1,500th row fails once inside the import's transaction, after the first batch was written in it.
    await db.execute(sql`create sequence import_fault_seq`);
    await db.execute(sql`
      create function import_fault() returns trigger language plpgsql as $$
      begin
        if new.sku = 'FALHA-1500' and nextval('import_fault_seq') = 1 then
          raise exception 'falha simulada no meio da importação';
        end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger import_fault before insert on products for each row execute function import_fault()`,
    );
    try {
      const task = await t.importFile('admin', '/api/products/import', {
        file: { name: 'produtos.csv', data: catalogue('FALHA', 3000) },
      });
      expect(task).toMatchObject({ state: 'done', counts: { created: 3000, updated: 0 } });
      const [row] = await db.select({ attempts: tasks.attempts }).from(tasks).where(sql`${tasks.id} = ${task.id}`);
      expect(row?.attempts).toBe(2);
      expect(await productsLike('FALHA')).toBe(3000);
      const audits = await db.$count(
        auditRecords,
        sql`${auditRecords.after}->>'file' = 'produtos.csv' and ${auditRecords.after}->>'created' = '3000'`,
      );
      expect(audits).toBe(1);
    } finally {
      await db.execute(sql`drop trigger import_fault on products`);
      await db.execute(sql`drop function import_fault`);
      await db.execute(sql`drop sequence import_fault_seq`);
    }
  }, 60_000);

  it('runs two admins’ imports at once without either touching the other', async () => {
    const [mine, theirs] = await Promise.all([
      importAs(await tokenFor(t.app, 'admin', 'admin@especifica.dev'), catalogue('ANA', 1500)),
      importAs(otherAdmin, catalogue('BRU', 1200)),
    ]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([202, 202]);
    const [a, b] = await Promise.all([
      t.taskEnded('admin', mine.json().id),
      (async () => {
        for (;;) {
          const task = (await t.callWith(otherAdmin, 'GET', `/api/tasks/${theirs.json().id}`)).json() as Task;
          if (task.state === 'done' || task.state === 'failed') return task;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })(),
    ]);
    expect(a).toMatchObject({ state: 'done', counts: { created: 1500 } });
    expect(b).toMatchObject({ state: 'done', counts: { created: 1200 } });
    expect([await productsLike('ANA'), await productsLike('BRU')]).toEqual([1500, 1200]);
  }, 60_000);

  it('streams an export of up to 10,000 rows, and makes a larger one a task whose file its owner downloads', async () => {
    const db = t.database.db;
    await db.delete(auditRecords);
    await db.execute(sql`
      insert into audit_records (actor_name, action, entity, entity_id)
      select 'Carga', 'update', 'exportacao', g::text from generate_series(1, 10000) g`);
    const small = await t.call('admin', 'GET', '/api/cms/audit/get-all?format=csv&entity=exportacao');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    expect(small.body.trim().split('\r\n')).toHaveLength(10_001);

    await db.execute(sql`
      insert into audit_records (actor_name, action, entity, entity_id)
      values ('Carga', 'update', 'exportacao', '10001')`);
    const large = await t.call('admin', 'GET', '/api/cms/audit/get-all?format=csv&entity=exportacao');
    expect(large.statusCode).toBe(202);
    expect(large.json()).toMatchObject({ kind: 'export:audit', state: 'queued' });
    const task = await t.taskEnded('admin', large.json().id);
    expect(task).toMatchObject({
      state: 'done',
      done: 10_001,
      total: 10_001,
      percent: 100,
      file: { name: 'auditoria.csv', rows: 10_001 },
    });
    const bell = await t.call('admin', 'GET', '/api/cms/notifications/get-all-notifications?limit=1');
    expect(bell.json().items[0]).toMatchObject({ title: 'Exportação pronta', data: { taskId: task.id } });

    const file = await t.call('admin', 'GET', `/api/tasks/${task.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    expect(file.rawPayload.length).toBe(task.file?.bytes);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(10_002);
    expect(lines[0]).toContain('"Quando"');

    // Seven days on, the schedule deletes the task and its file.
    const storage = localStorage(path.join(t.config.dataDir, 'uploads'));
    const key = `exports/${task.id}.csv`;
    expect(await storage.get(key)).not.toBeNull();
    const early = await expireTasks(db, storage, new Date(Date.parse(task.expiresAt) - 60_000));
    expect(early.deleted).toBe(0);
    const run = await expireTasks(db, storage, new Date(Date.parse(task.expiresAt) + 1000));
    expect(run.deleted).toBeGreaterThanOrEqual(1);
    expect(await storage.get(key)).toBeNull();
    expect((await t.call('admin', 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    await db.delete(auditRecords);
  }, 90_000);

  it('streams the specifications of a period up to 10,000 rows by a count that stops there, and makes more a task', async () => {
    const db = t.database.db;
    const load = (from: number, to: number) =>
      db.execute(sql`
        insert into invoices (professional_id, store_id, number, series, issued_on, total, submitted_by)
        select (select id from professionals order by id limit 1), (select id from stores order by id limit 1),
               'CARGA-' || g, 'CARGA', date '2001-02-03', 1000, 'carga'
        from generate_series(${from}::int, ${to}::int) g`);
    await load(1, 10_000);
    const url = '/api/cms/dashboard/get-specifications?format=csv&from=2001-02-03&to=2001-02-03';
    const small = await t.call('admin', 'GET', url);
    expect(small.statusCode).toBe(200);
    const lines = small.body.trim().split('\r\n');
    expect(lines).toHaveLength(10_001);
    expect(lines[1]).toContain('"CARGA"');

    // Downloads left after their first piece (a client gone away while the database still writes the rows): each
    // gives its connection back, or closes it, and the next download is whole. The pool holds 10 connections.
    const server = http.createServer((request, response) => t.app.routing(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`;
    try {
      const headers = { authorization: `Bearer ${await tokenFor(t.app, 'admin', 'admin@especifica.dev')}` };
      for (let i = 0; i < 12; i++) {
        const abort = new AbortController();
        const response = await fetch(address, { headers, signal: abort.signal });
        await response.body?.getReader().read();
        abort.abort();
      }
      const whole = await fetch(address, { headers });
      expect((await whole.text()).trim().split('\r\n')).toHaveLength(10_001);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }

    await load(10_001, 10_001);
    const large = await t.call('admin', 'GET', url);
    expect(large.statusCode).toBe(202);
    const task = await t.taskEnded('admin', large.json().id);
    expect(task).toMatchObject({ kind: 'export:specifications', state: 'done', done: 10_001, total: 10_001 });
    await db.execute(sql`delete from invoices where series = 'CARGA'`);
  }, 90_000);
});
