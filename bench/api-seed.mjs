// The generated programme of `npm run bench:api`: 1,000,000 professionals, 10,000 stores with 3 sellers each, 200,000
// products and 10,000,000 invoices with their lines and the ledger their approval and cancellation wrote, generated
// here and streamed into PostgreSQL with COPY, so that it takes minutes. The API has already migrated the database
// and seeded the demo accounts; the generated people share the demo password's hash so that the benchmark can log in
// as any of them. BENCH_SCALE=0.1 builds the programme of the earlier benchmark (100,000 professionals and 1,000,000
// invoices), BENCH_SCALE=0.001 a tiny one to try the benchmark itself. Shared by `npm run bench:api` and
// `npm run bench:render`, with the database helpers both use.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** The PostgreSQL server the benchmarks create their databases on. */
export const ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const databaseUrl = (name) => `${ADMIN_URL.replace(/\/[^/]*$/, '')}/${name}`;

/** One statement on the server's maintenance database (create or drop a benchmark's database). */
export async function adminQuery(sql) {
  const client = new pg.Client(ADMIN_URL);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const scale = Number(process.env.BENCH_SCALE || 1);
export const SIZES = {
  professionals: Math.round(1_000_000 * scale),
  stores: Math.max(10, Math.round(10_000 * scale)),
  sellersPerStore: 3,
  products: Math.round(200_000 * scale),
  invoices: Math.round(10_000_000 * scale),
};

const DAY = 86_400_000;
/** São Paulo keeps UTC-3 all year (no daylight saving since 2019): an invoice's issue date is its local day. */
const SAO_PAULO = 3 * 3_600_000;

/**
 * A UUID of version 7 (RFC 9562): the row's time in its first 48 bits, then a tag of its table and its number. Rows
 * written in time order get ids in the same order, as a programme that issues v7 ids would have them.
 */
function uuid7(ms, tag, n) {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const high = Math.floor(n / 2 ** 48);
  const low = n % 2 ** 48;
  return `${time.slice(0, 8)}-${time.slice(8)}-7${tag.toString(16).padStart(3, '0')}-${(0x8000 | high).toString(16)}-${low.toString(16).padStart(12, '0')}`;
}
const TAG = { store: 1, seller: 2, professional: 3, product: 4, invoice: 5, line: 6, entry: 7 };

const STATUS = ['approved', 'pending', 'rejected', 'cancelled'];
/** 85 % approved, 7 % pending, 5 % rejected, 3 % cancelled, by the invoice's number as before. */
const statusOf = (i) => (i % 100 < 85 ? 0 : i % 100 < 92 ? 1 : i % 100 < 97 ? 2 : 3);

/**
 * The invoices' facts, drawn once and read by the COPY of each table: over the last two years in the order they
 * arrived, as a real table holds them; one seller per invoice, at the invoice's store.
 */
function drawInvoices(now) {
  const { invoices, professionals, stores, sellersPerStore } = SIZES;
  const sellers = stores * sellersPerStore;
  const at = new Float64Array(invoices);
  const total = new Int32Array(invoices);
  const professional = new Int32Array(invoices);
  const seller = new Int32Array(invoices);
  for (let i = 0; i < invoices; i++) {
    at[i] = now - (((invoices - 1 - i) * 720) / invoices + 1 + Math.random() / 24) * DAY;
    total[i] = 1000 + Math.floor(Math.random() * 2_000_000);
    professional[i] = Math.floor(Math.random() * professionals);
    seller[i] = Math.floor(Math.random() * sellers);
  }
  return { at, total, professional, seller };
}

const iso = (ms) => new Date(ms).toISOString();

/** Lines of COPY text, 10,000 at a time, from `row(i)` (a line, or '' for none) for i below `count`. */
async function* copyText(count, row) {
  const chunk = [];
  for (let i = 0; i < count; i++) {
    const line = row(i);
    if (line) chunk.push(line);
    if (chunk.length === 10_000) {
      yield chunk.join('');
      chunk.length = 0;
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}

async function copy(db, table, columns, count, row) {
  const stream = db.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  await pipeline(Readable.from(copyText(count, row)), stream);
}

/**
 * The table's indexes that back no constraint, dropped before its bulk load and built again after (a sort each,
 * rather than ten million random insertions), and its foreign keys' checks switched off meanwhile: every row
 * generated here references a row generated before it. Its own triggers (the totals the dashboard reads) still run.
 */
async function bulkLoad(db, table, load) {
  const { rows: indexes } = await db.query(
    `select pg_get_indexdef(i.indexrelid) as def, i.indexrelid::regclass::text as name from pg_index i
     where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  const { rows: triggers } = await db.query(
    'select tgname from pg_trigger where tgrelid = $1::regclass and not tgisinternal',
    [table],
  );
  for (const index of indexes) await db.query(`drop index ${index.name}`);
  await db.query(`alter table ${table} disable trigger all`);
  for (const { tgname } of triggers)
    await db.query(`alter table ${table} enable trigger ${pg.escapeIdentifier(tgname)}`);
  try {
    await load();
  } finally {
    await db.query(`alter table ${table} enable trigger all`);
  }
  return async () => {
    for (const index of indexes) await db.query(index.def);
  };
}

/**
 * Fills a database that the API has already migrated and seeded with the demo accounts with the generated programme,
 * logging each step's time; returns the whole seeding's time in ms.
 */
export async function seedProgramme(url, log) {
  const db = new pg.Client(url);
  db.on('error', () => {});
  await db.connect();
  const step = async (label, work) => {
    const t = performance.now();
    await work().catch((error) => {
      throw new Error(`seeding ${label}: ${error.message}`);
    });
    log(`seeded ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  try {
    const started = performance.now();
    await db.query(`set maintenance_work_mem = '512MB'`);
    const {
      rows: [{ hash, terms }],
    } = await db.query(
      `select password_hash as hash, (select max(version) from terms_versions) as terms
       from professionals where email = 'ana@especifica.dev'`,
    );
    const { professionals, stores, sellersPerStore, products, invoices } = SIZES;
    const sellers = stores * sellersPerStore;
    const now = Date.now();
    const storeId = (n) => uuid7(now - 900 * DAY, TAG.store, n);
    const sellerId = (n) => uuid7(now - 900 * DAY, TAG.seller, n);
    const professionalId = (n) => uuid7(now - 800 * DAY, TAG.professional, n);
    const { at, total, professional, seller } = drawInvoices(now);
    const invoiceId = (n) => uuid7(at[n], TAG.invoice, n);
    const storeOf = (k) => Math.floor(k / sellersPerStore);

    await step(`${stores} stores`, () =>
      copy(db, 'stores', ['id', 'cnpj', 'name', 'email', 'active'], stores, (n) => {
        const i = n + 1;
        return `${storeId(n)}\t${String(i).padStart(12, '0')}00\tLoja Bench ${i}\tloja${i}@bench.especifica.dev\tt\n`;
      }),
    );
    await step(`${sellers} sellers`, () =>
      copy(
        db,
        'store_users',
        ['id', 'name', 'email', 'password_hash', 'store_id', 'shopkeeper_type', 'cpf', 'accepted_terms_version'],
        sellers,
        (n) => {
          const i = n + 1;
          return `${sellerId(n)}\tVendedor Bench ${i}\tvendedor${i}@bench.especifica.dev\t${hash}\t${storeId(storeOf(n))}\tseller\t8${String(i).padStart(10, '0')}\t${terms}\n`;
        },
      ),
    );
    const created = iso(now - 800 * DAY);
    const professions = ['Arquiteto', 'Engenheiro', 'Designer de Interiores'];
    await step(`${professionals} professionals`, () =>
      copy(
        db,
        'professionals',
        [
          'id',
          'name',
          'email',
          'password_hash',
          'cpf',
          'profession',
          'status',
          'email_confirmed_at',
          'accepted_terms_version',
          'created_at',
        ],
        professionals,
        (n) => {
          const i = n + 1;
          return `${professionalId(n)}\tProfissional Bench ${i}\tprofissional${i}@bench.especifica.dev\t${hash}\t9${String(i).padStart(10, '0')}\t${professions[i % 3]}\tactive\t${iso(now)}\t${terms}\t${created}\n`;
        },
      ),
    );
    await step(`${products} products`, () =>
      copy(db, 'products', ['id', 'sku', 'name', 'brand', 'category'], products, (n) => {
        const i = n + 1;
        return `${uuid7(now - 900 * DAY, TAG.product, n)}\tBENCH-${i}\tProduto Bench ${i}\tMarca ${i % 50}\tCategoria ${i % 30}\n`;
      }),
    );

    const rebuild = [];
    await step(`${invoices} invoices`, async () => {
      rebuild.push(
        await bulkLoad(db, 'invoices', () =>
          copy(
            db,
            'invoices',
            [
              'id',
              'professional_id',
              'store_id',
              'shopkeeper_id',
              'number',
              'series',
              'issued_on',
              'total',
              'status',
              'submitted_by',
              'reviewed_by',
              'reviewed_at',
              'points',
              'created_at',
              'updated_at',
            ],
            invoices,
            (n) => {
              const i = n + 1;
              const status = statusOf(i);
              const when = iso(at[n]);
              const k = sellerId(seller[n]);
              const reviewed = status === 1 ? '\\N\t\\N' : `admin:bench\t${when}`;
              const points = status === 0 || status === 3 ? total[n] : 0;
              return `${invoiceId(n)}\t${professionalId(professional[n])}\t${storeId(storeOf(seller[n]))}\t${k}\t${i}\tBENCH\t${iso(at[n] - SAO_PAULO).slice(0, 10)}\t${total[n]}\t${STATUS[status]}\tshopkeeper:${k}\t${reviewed}\t${points}\t${when}\t${when}\n`;
            },
          ),
        ),
      );
    });
    await step(`${invoices} invoice lines`, async () => {
      rebuild.push(
        await bulkLoad(db, 'invoice_lines', () =>
          copy(
            db,
            'invoice_lines',
            ['id', 'invoice_id', 'position', 'sku', 'description', 'quantity', 'total'],
            invoices,
            (n) =>
              `${uuid7(at[n], TAG.line, n)}\t${invoiceId(n)}\t0\tBENCH-${1 + Math.floor(Math.random() * products)}\tProduto\t1\t${total[n]}\n`,
          ),
        ),
      );
    });
    // What approval writes (the professional's credit and the seller's 10 % share) for every approved or cancelled
    // invoice; the cancellations' reversals come once the ledger's indexes are back (their trigger reads them).
    // Entry m is of invoice m >> 1: the professional's when m is even, the seller's when odd.
    const ledgerColumns = [
      'id',
      'participant_kind',
      'participant_id',
      'amount',
      'kind',
      'source_type',
      'source_id',
      'issuer',
      'reason',
      'created_at',
    ];
    const entry = (m, kind, amount, reason, when, number = m) => {
      const n = m >> 1;
      const who =
        m % 2 === 0 ? `professional\t${professionalId(professional[n])}` : `shopkeeper\t${sellerId(seller[n])}`;
      return `${uuid7(when, TAG.entry, number)}\t${who}\t${amount}\t${kind}\tinvoice\t${invoiceId(n)}\tadmin:bench\t${reason}\t${iso(when)}\n`;
    };
    const credited = (m) => {
      const status = statusOf((m >> 1) + 1);
      return status === 0 || status === 3;
    };
    const amountOf = (m) => (m % 2 === 0 ? total[m >> 1] : Math.floor(total[m >> 1] / 10));
    await step('ledger credits', async () => {
      rebuild.push(
        await bulkLoad(db, 'ledger_entries', () =>
          copy(db, 'ledger_entries', ledgerColumns, invoices * 2, (m) => {
            if (!credited(m)) return '';
            const reason = `Nota fiscal ${(m >> 1) + 1}${m % 2 === 0 ? '' : ': participação na venda'}`;
            return entry(m, 'credit', amountOf(m), reason, at[m >> 1]);
          }),
        ),
      );
    });
    await step('indexes', async () => {
      for (const build of rebuild) await build();
    });
    await step('reversals of the cancelled invoices', () =>
      copy(db, 'ledger_entries', ledgerColumns, invoices * 2, (m) => {
        if (statusOf((m >> 1) + 1) !== 3) return '';
        const when = Math.min(now, at[m >> 1] + DAY);
        return entry(m, 'reversal', -amountOf(m), 'Nota fiscal cancelada', when, 2 * invoices + m);
      }),
    );
    // What autovacuum does to a live programme: cycle_points holds dead versions of the rows the reversals moved.
    await step('vacuum', () => db.query('vacuum analyze'));
    return performance.now() - started;
  } finally {
    await db.end();
  }
}

/**
 * What the benchmarks measure against in a seeded programme: its size, and the worst cases of the personal pages and
 * of the queue (the busiest professional and seller by ledger entries, the store with the most invoices).
 */
export async function programmeFacts(db) {
  const counts = (
    await db.query(`select (select count(*) from professionals)::int as professionals, (select count(*) from stores)::int as stores,
      (select count(*) from products)::int as products, (select count(*) from invoices)::int as invoices,
      (select count(*) from ledger_entries)::int as entries`)
  ).rows[0];
  const busiest = (
    await db.query(`select p.email from ledger_entries e join professionals p on p.id = e.participant_id
      where e.participant_kind = 'professional' group by p.email order by count(*) desc limit 1`)
  ).rows[0].email;
  const seller = (
    await db.query(`select s.email from ledger_entries e join store_users s on s.id = e.participant_id
      where e.participant_kind = 'shopkeeper' group by s.email order by count(*) desc limit 1`)
  ).rows[0].email;
  const busiestStore = (
    await db.query('select store_id from invoices group by store_id order by count(*) desc limit 1')
  ).rows[0].store_id;
  return { counts, busiest, seller, busiestStore };
}
