import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { products } from '../../src/db/schema';
import { tokenFor } from '../support/app';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme } from '../support/programme';

// Imports at the limit, over a real keep-alive connection: a file over the limit is refused whole (nothing cut
// and saved), and a refusal before the end of the body leaves the connection able to answer the next request.

const MB = 1024 * 1024;

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
}

function send(agent: http.Agent, port: number, token: string, body: Iterable<Buffer>, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const boundary = '----especificaLimite';
    const request = http.request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    // Written as fast as the socket takes it: a server that stops reading would leave this waiting.
    const chunks = body[Symbol.iterator]();
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!request.write(next.value)) return void request.once('drain', pump);
      }
      request.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

function get(agent: http.Agent, port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ agent, port, host: '127.0.0.1', path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), reusedSocket: true }),
      );
    });
    request.on('error', reject);
    // A request that hangs on the old connection fails the test by this timeout, not by jest's.
    request.setTimeout(10_000, () => request.destroy(new Error('no answer on the kept-alive connection')));
  });
}

/** `rows` product lines after the header (about 40 bytes each), produced as they are sent. */
function* catalogue(header: string, rows: number): Iterable<Buffer> {
  yield Buffer.from(`${header}\n`);
  const batch = 10_000;
  for (let start = 0; start < rows; start += batch) {
    let text = '';
    for (let row = start; row < Math.min(rows, start + batch); row++) {
      text += `LIM-${String(row).padStart(8, '0')};Produto de limite ${row}\n`;
    }
    yield Buffer.from(text);
  }
}

describe.each(testDrivers)('imports at the limit on %s', (driver) => {
  let t: ProgrammeTest;
  let port: number;
  let admin: string;
  let agent: http.Agent;
  beforeAll(async () => {
    t = await startProgramme(driver, { importMaxMb: 1 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
  }, 60_000);
  beforeEach(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => agent.destroy());
  afterAll(() => t?.close());

  const productCount = async () => (await t.database.db.select({ total: count() }).from(products))[0]?.total;

  it('refuses a CSV over the upload limit with 413, imports none of it, and answers the next request', async () => {
    const before = await productCount();
    // 1 MB is this server's limit (IMPORT_MAX_MB); ~1.5 MB of valid rows, sent without a length (chunked), so
    // the limit is met while reading.
    const rows = Math.ceil((1.5 * MB) / 40);
    const answer = await send(agent, port, admin, catalogue('sku;nome', rows), '/api/products/import');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      msg: 'O arquivo passa do tamanho máximo de 1 MB.',
      code: 'payload-too-large',
    });
    expect(await productCount()).toBe(before);
    const next = await get(agent, port, '/api/health');
    expect(next.status).toBe(200);
  }, 120_000);

  it('takes a file with bad columns as a task that ends failed, and answers the next request on the connection', async () => {
    const before = await productCount();
    // The header lacks the name column: the job refuses it at the first row, importing nothing.
    const answer = await send(agent, port, admin, catalogue('sku;marca', 20_000), '/api/products/import');
    expect(answer.status).toBe(202);
    const next = await get(agent, port, '/api/health');
    expect(next.status).toBe(200);
    const task = await t.taskEnded('admin', JSON.parse(answer.body).id);
    expect(task).toMatchObject({ state: 'failed', error: 'O arquivo precisa das colunas: nome.' });
    expect(await productCount()).toBe(before);
  }, 60_000);
});
