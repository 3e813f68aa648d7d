import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ZipDeflate, ZipPassThrough } from 'fflate';
import { keysetPages } from '../db/keyset';
import type { FileStorage } from '../storage';
import { zipCollector } from './archive';

// Exports stream as CSV or XLSX: rows are read in batches and written as they come, so a million specifications
// never sit in memory. Any text cell that a spreadsheet would run as a formula is neutralised.

export type Cell = string | number | null | undefined;
export type ExportFormat = 'csv' | 'xlsx';

export interface ExportSheet {
  name: string;
  columns: string[];
  rows: AsyncIterable<Cell[][]>;
  /**
   * The same rows as the CSV file holds them, written by PostgreSQL (`copyCsv` of api/src/db/client.ts, its lines
   * ending in LF), and their number at the end: the largest exports' CSV without a cell written here. The query
   * formats its cells with `sqlCell`, to the rules of `csvCell`. An XLSX file still reads `rows`.
   */
  csvRows?: AsyncGenerator<Buffer, number>;
}

/** Told the rows as they are written: a task's progress. */
export type RowsWritten = (rows: number) => void;

// What makes a spreadsheet run a cell as a formula (the full-width forms too, which some spreadsheets fold).
const TRIGGER = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const FORMULA = new RegExp(`^[${TRIGGER}]`);
// Where a spreadsheet may start a cell inside our text: after either separator or a line break. A spreadsheet in
// a comma locale splits a `;` file on the commas, quoted or not (it reads on past a closing quote).
// Spaces before the sign too: a spreadsheet that trims them would find the sign first.
const FRAGMENT = new RegExp(`(^|[;,\\r\\n])([ \\u00a0]*)(?=[${TRIGGER}])`, 'g');

/** A text that starts like a formula (=, +, -, @, tab, CR) gets a leading apostrophe: it is shown, never run. */
export function neutralise(text: string): string {
  return FORMULA.test(text) ? `'${text}` : text;
}

/** neutralise for every piece of the text that either separator could make a cell of. */
export function neutraliseFragments(text: string): string {
  return text.replace(FRAGMENT, "$1$2'");
}

// What makes a text more than a quoted copy of itself: a quote to double, or a place where a formula could start.
// Most cells (names, e-mails, dates) have neither and skip the replacements.
const CSV_WORK = new RegExp(`"|(?:^|[;,\\r\\n])[ \\u00a0]*[${TRIGGER}]`);

/** A cell as the file holds it: a number with a decimal comma, a text quoted (and neutralised), nothing for null. */
function csvCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? String(cell) : String(cell).replace('.', ',');
  // Every text quoted: whichever separator the spreadsheet uses, the text stays one cell where it honours quotes.
  return `"${CSV_WORK.test(cell) ? neutraliseFragments(cell).replace(/"/g, '""') : cell}"`;
}

// What makes a text need neutralising, cheaply, before the regular expression runs (PostgreSQL's is slow to start):
// a fragment can start a formula only at the start (after spaces) or after a separator or a line break. The first
// character by its code (`ascii`), which makes no text of it.
const STARTS = sql.raw(
  [' ', '\u00a0', '=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']
    .map((mark) => mark.charCodeAt(0))
    .join(', '),
);
const BREAKS = [';', ',', '\r', '\n'];

/**
 * Cells written by PostgreSQL to the rules of `csvCell`, for a sheet's `csvRows` (COPY quotes a text and doubles its
 * quotes itself).
 */
export const sqlCell = {
  /** A text as `csvCell` quotes it: each fragment that could start a formula gets its apostrophe. */
  text: (text: SQL) => sql`case when ascii(${text}) in (${STARTS})
      or ${sql.join(
        BREAKS.map((mark) => sql`strpos(${text}, ${mark}) > 0`),
        sql` or `,
      )}
    then regexp_replace(${text}, ${FRAGMENT.source}, ${"\\1\\2'"}, 'g') else ${text} end`,
  /** A number of hundredths as `csvCell` writes the number: a decimal comma, and no decimals when it is whole. */
  hundredths: (value: SQL) => sql`replace(trim_scale(${value} / 100.0)::text, '.', ',')`,
};

/** The file's bytes go out in pieces of about this size, each written in place rather than joined from strings. */
const CSV_CHUNK = 256 * 1024;

/**
 * `;` and decimal commas as a pt-BR spreadsheet expects, with a BOM so that it reads UTF-8. Each cell is encoded
 * straight into the piece being filled: a million rows make no million joined strings for the collector.
 */
async function* csv(sheet: ExportSheet, written: RowsWritten): AsyncGenerator<Buffer> {
  let out = Buffer.allocUnsafe(CSV_CHUNK);
  let at = 0;
  const put = (cells: Cell[]) => {
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      // A text that needs no work is written between quotes as it is: no quoted copy of it is made.
      const plain = typeof cell === 'string' && !CSV_WORK.test(cell);
      const text = plain ? cell : csvCell(cell);
      // No UTF-16 unit takes more than 3 bytes in UTF-8; the quotes, separator or line end take 4 at most.
      if (at + text.length * 3 + 4 > out.length) return false;
      if (i > 0) out[at++] = 0x3b;
      if (plain) out[at++] = 0x22;
      at += out.write(text, at);
      if (plain) out[at++] = 0x22;
    }
    out[at++] = 0x0d;
    out[at++] = 0x0a;
    return true;
  };
  // A row that does not fit goes whole into the next piece (one as large as it needs): the full one is returned.
  const add = (cells: Cell[]) => {
    const start = at;
    if (put(cells)) return null;
    const full = out.subarray(0, start);
    const needed = cells.reduce<number>((n, cell) => n + csvCell(cell).length * 3 + 1, 2);
    out = Buffer.allocUnsafe(Math.max(CSV_CHUNK, needed));
    at = 0;
    put(cells);
    return full;
  };
  yield Buffer.from('\uFEFF');
  add(sheet.columns);
  if (sheet.csvRows) {
    yield out.subarray(0, at);
    yield* crlf(sheet.csvRows, written);
    return;
  }
  for await (const batch of sheet.rows) {
    for (const cells of batch) {
      const full = add(cells);
      if (full && full.length > 0) yield full;
    }
    written(batch.length);
  }
  if (at > 0) yield out.subarray(0, at);
}

/**
 * PostgreSQL's CSV lines end in LF; every file of ours ends its lines in CRLF. A line break inside a quoted cell
 * (a text that holds one) becomes CRLF too, and is counted as a row until the database's own count settles it.
 */
async function* crlf(source: AsyncGenerator<Buffer, number>, written: RowsWritten): AsyncGenerator<Buffer> {
  let counted = 0;
  let ended = false;
  try {
    for (let next = await source.next(); ; next = await source.next()) {
      if (next.done) {
        ended = true;
        written(next.value - counted);
        return;
      }
      const piece = next.value;
      let lines = 0;
      for (let i = piece.indexOf(0x0a); i !== -1; i = piece.indexOf(0x0a, i + 1)) lines += 1;
      const out = Buffer.allocUnsafe(piece.length + lines);
      let from = 0;
      let at = 0;
      for (let i = piece.indexOf(0x0a); i !== -1; i = piece.indexOf(0x0a, i + 1)) {
        at += piece.copy(out, at, from, i);
        out[at++] = 0x0d;
        out[at++] = 0x0a;
        from = i + 1;
      }
      piece.copy(out, at, from);
      counted += lines;
      written(lines);
      yield out;
    }
  } finally {
    // A reader that stopped early (a client gone away) ends the database's read too, and frees its connection.
    if (!ended) await source.return(counted);
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot hold, even escaped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (text: string) =>
  text.replace(INVALID_XML, '').replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`);

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function xlsxRow(cells: Cell[], row: number): string {
  const xml = cells.map((cell, i) => {
    const ref = `${column(i)}${row}`;
    if (cell === null || cell === undefined || cell === '') return '';
    if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"><v>${cell}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(neutralise(String(cell)))}</t></is></c>`;
  });
  return `<row r="${row}">${xml.join('')}</row>`;
}

const staticParts: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/** A one-sheet workbook: inline strings and numbers, zipped as the rows arrive. */
async function* xlsx(sheet: ExportSheet, written: RowsWritten): AsyncGenerator<Buffer> {
  const { zip, take } = zipCollector();
  const add = (name: string, text: string) => {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(new TextEncoder().encode(text), true);
  };
  for (const [name, text] of Object.entries(staticParts)) add(name, text);
  add(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheet.name.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  const data = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(data);
  const encoder = new TextEncoder();
  data.push(
    encoder.encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${xlsxRow(sheet.columns, 1)}`,
    ),
  );
  yield take();
  let row = 1;
  for await (const batch of sheet.rows) {
    data.push(encoder.encode(batch.map((cells) => xlsxRow(cells, ++row)).join('')));
    written(batch.length);
    yield take();
  }
  data.push(encoder.encode('</sheetData></worksheet>'), true);
  zip.end();
  yield take();
}

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A sheet of rows already at hand (a person's own records: a few thousand at most). */
export function sheetOf(name: string, columns: string[], rows: Cell[][]): ExportSheet {
  return {
    name,
    columns,
    rows: (async function* () {
      yield rows;
    })(),
  };
}

const nobody: RowsWritten = () => undefined;

/** The sheet's file, CSV or XLSX, as a stream that pulls the next batch only when it is read. */
export function exportStream(sheet: ExportSheet, format: ExportFormat, written = nobody): Readable {
  return Readable.from(format === 'csv' ? csv(sheet, written) : xlsx(sheet, written), { objectMode: false });
}

/** Sends the sheet as a download; the body is a stream that pulls the next batch only when the client reads. */
export function sendExport(reply: FastifyReply, sheet: ExportSheet, format: ExportFormat, filename: string) {
  const stream = exportStream(sheet, format);
  return reply
    .type(contentTypes[format])
    .header('content-disposition', `attachment; filename="${filename}.${format}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** Writes the sheet's file to storage under `key` (a large export done by a job); resolves to its size in bytes. */
export function writeExport(
  storage: FileStorage,
  key: string,
  sheet: ExportSheet,
  format: ExportFormat,
  written?: RowsWritten,
) {
  return storage.write(key, exportStream(sheet, format, written));
}

/** The type a file of this format is served with. */
export const exportContentType = (format: ExportFormat) => contentTypes[format];

/** Batches of rows as batches of cells. */
export async function* cells<T>(source: AsyncIterable<T[]>, toCells: (row: T) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const rows of source) yield rows.map(toCells);
}

/** Reads a query in keyset batches (`next(after)`: the rows after the last key, or none at the end) as cells. */
export function batches<T, K>(
  next: (after: K | null) => Promise<T[]>,
  keyOf: (row: T) => K,
  toCells: (row: T) => Cell[],
): AsyncGenerator<Cell[][]> {
  // The database reads the next batch while this one is written out.
  return cells(keysetPages(next, keyOf, { ahead: true }), toCells);
}
