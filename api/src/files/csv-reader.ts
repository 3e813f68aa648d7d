import { once } from 'node:events';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { fail } from '../kernel/errors';

// Imports take what spreadsheets write: UTF-8 (with or without BOM) or Latin-1 (Excel's "CSV" on Windows, which
// is really Windows-1252, the decoder that the WHATWG label latin1 gives), separated by ';' or ','. The file is
// read as a stream: memory stays flat whatever its size.

const latin1 = new TextDecoder('latin1');
const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 until a byte sequence is not; then Latin-1, if nothing but ASCII had been read until then. */
class SpreadsheetDecoder extends Transform {
  private utf8 = new TextDecoder('utf-8', { fatal: true });
  private mode: 'utf8' | 'latin1' = 'utf8';
  private sawNonAscii = false;
  // The trailing bytes of an incomplete UTF-8 character that the decoder holds back between chunks.
  private carry: Buffer = Buffer.alloc(0);

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.mode === 'latin1') return done(null, latin1.decode(chunk));
    try {
      const text = this.utf8.decode(chunk, { stream: true });
      if (!this.sawNonAscii && NON_ASCII.test(text)) this.sawNonAscii = true;
      this.carry = trailingIncomplete(chunk);
      done(null, text);
    } catch {
      if (this.sawNonAscii) {
        return done(
          fail.badRequest(
            'O arquivo mistura codificações de texto. Salve-o de novo como CSV UTF-8 e tente outra vez.',
            'csv-encoding',
          ),
        );
      }
      this.mode = 'latin1';
      done(null, latin1.decode(Buffer.concat([this.carry, chunk])));
    }
  }

  override _flush(done: TransformCallback) {
    if (this.mode === 'latin1') return done();
    try {
      done(null, this.utf8.decode());
    } catch {
      done(null, latin1.decode(this.carry));
    }
  }
}

/** The bytes at the end of `chunk` that start a UTF-8 character not finished inside it. */
function trailingIncomplete(chunk: Buffer): Buffer {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte < 0x80) return Buffer.alloc(0);
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return needs > back ? chunk.subarray(chunk.length - back) : Buffer.alloc(0);
  }
  return Buffer.alloc(0);
}

/** The separator of the header line: whichever of ';' and ',' it has more of outside quotes. */
export function detectDelimiter(headerLine: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ';') semicolons++;
    else if (!quoted && char === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/** A header as a key: lower case, no accents, no spaces ("Razão Social" -> "razaosocial"). */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export interface CsvRow {
  /** The file's line number of the row (the header is line 1). */
  line: number;
  /** Values by header key (see headerKey). */
  values: Record<string, string>;
}

const MAX_HEAD = 64 * 1024;

/** The rows of a CSV stream with a header row; throws 400 for a file that is not CSV at all. */
export async function* readCsv(input: Readable): AsyncGenerator<CsvRow> {
  const decoded = input.pipe(new SpreadsheetDecoder());
  input.on('error', (error) => decoded.destroy(error));
  const chunks = decoded[Symbol.asyncIterator]() as AsyncIterator<string>;

  let head = '';
  while (!/\r?\n/.test(head) && head.length < MAX_HEAD) {
    const next = await chunks.next();
    if (next.done) break;
    head += next.value;
  }
  if (head.replace(/^\uFEFF/, '').trim() === '') {
    throw fail.badRequest('O arquivo está vazio. Envie um CSV com a linha de cabeçalho.', 'csv-empty');
  }

  const parser = parse({
    delimiter: detectDelimiter(head.split(/\r?\n/, 1)[0] ?? ''),
    bom: true,
    columns: (headers: string[]) => headers.map(headerKey),
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    info: true,
  });
  const feed = async () => {
    try {
      if (!parser.write(head)) await once(parser, 'drain');
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        if (!parser.write(next.value)) await once(parser, 'drain');
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  };
  void feed();

  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      // PostgreSQL cannot store a NUL (see http/nul.ts): the row is refused here, by its line, before any query.
      if (Object.values(record).some((value) => value.includes('\u0000'))) {
        throw fail.badRequest(
          `A linha ${info.lines} do arquivo tem um caractere inválido (NUL). Remova-o e envie o arquivo de novo.`,
          'csv-invalid-character',
        );
      }
      yield { line: info.lines, values: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw fail.badRequest(
        `O arquivo CSV não pôde ser lido${line ? ` na linha ${line}` : ''}. Verifique as aspas e os separadores.`,
        'csv-invalid',
      );
    }
    throw error;
  } finally {
    decoded.destroy();
  }
}
