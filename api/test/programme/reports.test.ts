import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { invoices, professionals, stores } from '../../src/db/schema';
import { neutralise } from '../../src/files/export';
import { testDrivers } from '../support/database';
import { type ProgrammeTest, startProgramme, submitInvoice } from '../support/programme';

const lines = [{ sku: 'X-1', quantity: 1, total: 100 }];

describe('neutralise', () => {
  it.each([
    ['a formula', '=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ['a plus sign', '+5511999', "'+5511999"],
    ['a minus sign', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab', '\t=1', "'\t=1"],
    ['plain text', 'Casa & Acabamento', 'Casa & Acabamento'],
  ])('a cell that starts with %s is shown, never run', (_case, text, shown) => {
    expect(neutralise(text)).toBe(shown);
  });
});

/** The cells a spreadsheet makes of a line with `separator`: a quoted start is read to its closing quote, then on
 * to the next separator whatever follows (as Excel and LibreOffice do), so a `;` file opened in a comma locale
 * cuts quoted texts at their commas. */
function cellsAsOpened(line: string, separator: ';' | ','): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at <= line.length) {
    let cell = '';
    if (line[at] === '"') {
      at += 1;
      while (at < line.length && !(line[at] === '"' && line[at + 1] !== '"')) {
        cell += line[at] === '"' ? '"' : line[at];
        at += line[at] === '"' ? 2 : 1;
      }
      at += 1;
    }
    while (at < line.length && line[at] !== separator) cell += line[at++];
    cells.push(cell);
    at += 1;
  }
  return cells;
}

describe.each(testDrivers)('reports on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.database.db.update(stores).set({ name: '=HYPERLINK("http://mal.example","clique")' });
    await t.database.db
      .update(professionals)
      .set({ socialMedia: { instagram: '@ana.arquiteta' } })
      .where(eq(professionals.id, t.ids.ana));
    for (let i = 0; i < 3; i++) await submitInvoice(t, 'professional', { storeId: t.ids.store, lines });
  }, 60_000);
  afterAll(() => t?.close());

  const exportOf = (query: string) => t.call('admin', 'GET', `/api/cms/dashboard/get-data-to-export?${query}`);

  describe('GET /api/cms/dashboard/get-all', () => {
    it('answers the counts, the KPIs and twelve months for the charts', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/dashboard/get-all');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.kpis).toMatchObject({ invoices: { pending: 3 }, pointsOutstanding: expect.any(Number) });
      expect(body.series).toHaveLength(12);
      expect(body.series[11].invoices).toBe(3);
    });
  });

  describe('GET /api/cms/dashboard/get-data-to-export', () => {
    it('streams the specifications as CSV with the formula cells neutralised', async () => {
      const response = await exportOf('key=specifications&format=csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="specifications-.*\.csv"$/);
      const [header, ...rows] = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header?.split(';')[0]).toBe('"Data de emissão"');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain('"\'=HYPERLINK(""http://mal.example"",""clique"")"');
      expect(rows[0]).toContain(';"Pendente";100;');
      // Dates as people read them: the day of issue and when it was sent, in São Paulo, never a UTC instant.
      for (const row of rows) {
        expect(row).toMatch(/^"\d{2}\/\d{2}\/\d{4}";/);
        expect(row).toMatch(/;"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}"$/);
      }
      expect(response.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // The store's CNPJ masked, as people read it.
      expect(rows[0]).toMatch(/;"\d{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}";/);
    });

    it('lets no cell start a formula whichever separator the spreadsheet splits on', async () => {
      await t.database.db.update(stores).set({ name: 'Loja, =1+1; -2+3, @SOMA(A1);+55 11' });
      const response = await exportOf('key=specifications&format=csv');
      await t.database.db.update(stores).set({ name: '=HYPERLINK("http://mal.example","clique")' });
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[1]).toContain('Loja');
      for (const separator of [';', ','] as const) {
        for (const line of lines) {
          const formulas = cellsAsOpened(line, separator).filter(
            (cell) => /^\s*[=+@-]/.test(cell) && !/^-?\d/.test(cell),
          );
          expect(formulas).toEqual([]);
        }
      }
    });

    it('writes the same cells whichever way the file is made (PostgreSQL writes the CSV itself)', async () => {
      const db = t.database.db;
      const [ana] = await db.select().from(professionals).where(eq(professionals.id, t.ids.ana));
      const [invoice] = await db.select().from(invoices).where(eq(invoices.professionalId, t.ids.ana)).limit(1);
      if (!ana || !invoice) throw new Error('no invoice of Ana');
      await db
        .update(professionals)
        .set({ name: 'Ana "Arq" \uFF1D1, -2', email: '-ana@exemplo.dev' })
        .where(eq(professionals.id, t.ids.ana));
      await db.update(stores).set({ name: '\u00a0@loja;+x' });
      await db.update(invoices).set({ total: 1250, bonusPoints: 7 }).where(eq(invoices.id, invoice.id));
      try {
        const response = await exportOf('key=specifications&format=csv');
        const line = response.body.split('\r\n').find((row) => row.includes(';12,5;'));
        // Quotes doubled, every fragment that a separator could make a formula of neutralised, hundredths with a
        // decimal comma and no trailing zero, no CPF as an empty cell, the CNPJ laid out.
        expect(line).toContain(';"Pendente";12,5;0;0,07;"Ana ""Arq"" \uFF1D1, \'-2";"\'-ana@exemplo.dev";;');
        expect(line).toMatch(/;;"\u00a0'@loja;'\+x";"\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}";"/);
      } finally {
        await db.update(professionals).set({ name: ana.name, email: ana.email }).where(eq(professionals.id, ana.id));
        await db.update(stores).set({ name: '=HYPERLINK("http://mal.example","clique")' });
        await db
          .update(invoices)
          .set({ total: invoice.total, bonusPoints: invoice.bonusPoints })
          .where(eq(invoices.id, invoice.id));
      }
    });

    it('streams an XLSX workbook whose cells are neutralised too', async () => {
      const response = await exportOf('key=specifications&format=xlsx');
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const files = unzipSync(new Uint8Array(response.rawPayload));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']));
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
      expect(sheet).toContain(
        '<t xml:space="preserve">\'=HYPERLINK(&#34;http://mal.example&#34;,&#34;clique&#34;)</t>',
      );
      expect(sheet.match(/<row /g)).toHaveLength(4);
    });

    it.each([
      'store-users',
      'professionals-ranking',
      'stores-ranking',
      'sellers-ranking',
      'dashboard',
      'users-with-social-media',
    ])('exports %s', async (key) => {
      const response = await exportOf(`key=${key}&format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.body.split('\r\n').length).toBeGreaterThan(2);
      // When, as people read it: São Paulo's day and time, never a UTC instant.
      expect(response.body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    });

    it('refuses an unknown report', async () => {
      const response = await exportOf('key=salarios');
      expect([response.statusCode, response.json().msg]).toEqual([400, 'Escolha um relatório para exportar.']);
    });
  });

  describe('GET /api/cms/dashboard/get-specifications', () => {
    it('pages the specifications, or downloads them all', async () => {
      const page = await t.call('admin', 'GET', '/api/cms/dashboard/get-specifications?limit=2&status=pending');
      expect(page.json()).toMatchObject({ total: 3, limit: 2 });
      expect(page.json().items[0]).toMatchObject({ status: 'pending', professional: { id: t.ids.ana }, total: 100 });
      const file = await t.call('admin', 'GET', '/api/cms/dashboard/get-specifications?format=xlsx');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect((await t.call('admin', 'GET', '/api/cms/dashboard/get-specifications?format=pdf')).statusCode).toBe(400);
    });
  });

  it('takes a search with quotes, backslashes and SQL as text to look for, in the file too', async () => {
    const db = t.database.db;
    const [store] = await db.select().from(stores).limit(1);
    if (!store) throw new Error('no store');
    const hostile = "O'Neil \\' $1 ''; delete from invoices; --";
    await db.update(stores).set({ name: hostile });
    try {
      const search = encodeURIComponent(hostile);
      const found = await t.call('admin', 'GET', `/api/cms/dashboard/get-specifications?format=csv&search=${search}`);
      expect(found.statusCode).toBe(200);
      const rows = found.body.trim().split('\r\n').slice(1);
      expect(rows).toHaveLength(3);
      // Found as it is written, and neutralised where a separator could make a formula of it.
      expect(rows[0]).toContain(`;"O'Neil \\' $1 ''; delete from invoices; '--";`);
      const none = await t.call('admin', 'GET', `/api/cms/dashboard/get-specifications?format=csv&search=%27%3B--x`);
      expect(none.body.trim().split('\r\n')).toHaveLength(1);
      expect((await db.select().from(invoices)).length).toBe(3);
    } finally {
      await db.update(stores).set({ name: '=HYPERLINK("http://mal.example","clique")' });
    }
  });

  describe('GET /api/cms/dashboard/get-users-with-social-media', () => {
    it('lists the professionals who gave a social network', async () => {
      const response = await t.call('admin', 'GET', '/api/cms/dashboard/get-users-with-social-media');
      expect(response.json().items).toEqual([
        expect.objectContaining({ name: 'Ana Arquiteta', instagram: '@ana.arquiteta', facebook: null }),
      ]);
    });
  });
});
