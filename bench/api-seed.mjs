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

/** The COPY text goes out in pieces of about this many characters. */
const COPY_CHUNK = 1 << 20;

/**
 * Lines of COPY text from `row(i)` (a line, or '' for none) for i below `count`, as buffers of about a megabyte.
 * Appended to one string and encoded once a piece is full: an array of 10,000 lines kept them alive past the young
 * generation, and the garbage collector took more time than drawing them.
 */
async function* copyText(count, row) {
  let text = '';
  for (let i = 0; i < count; i++) {
    text += row(i);
    if (text.length >= COPY_CHUNK) {
      yield Buffer.from(text);
      text = '';
    }
  }
  if (text.length > 0) yield Buffer.from(text);
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
async function bulkLoad(db, table, load, { off = [] } = {}) {
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
  for (const { tgname } of triggers.filter((trigger) => !off.includes(trigger.tgname)))
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
 * What the ledger's cycle_points trigger (api/drizzle) writes for the generated entries, in one statement: each
 * participant's points per cycle (a reversal counts in the cycle of the credit it takes back), reached at their last
 * earning that still counts (programme_reached_at), or at their last earning when none does; cycle_points' own
 * trigger adds them to cycle_totals. With every entry in one statement the trigger would notify each participant of
 * the current cycle once, from the first level to the one reached: so do these notifications. Every generated
 * invoice has one credit per participant, which its cancellation reverses once.
 */
const CYCLE_POINTS = `
  with back as (
    select source_type, source_id, participant_kind, participant_id, sum(amount) as amount
    from ledger_entries where issuer = 'admin:bench' and kind = 'reversal' and amount < 0
    group by 1, 2, 3, 4
  ), earning as (
    select e.participant_kind, e.participant_id, programme_cycle_year(e.created_at) as cycle_year,
           e.amount + coalesce(b.amount, 0) as amount, e.created_at
    from ledger_entries e
    left join back b using (source_type, source_id, participant_kind, participant_id)
    where e.issuer = 'admin:bench' and e.kind in ('credit', 'bonus', 'extra')
  ), totals as (
    insert into cycle_points (participant_kind, participant_id, cycle_year, earned, reached_at)
    select participant_kind, participant_id, cycle_year, sum(amount),
           coalesce(max(created_at) filter (where amount > 0), max(created_at))
    from earning group by 1, 2, 3 order by 1, 2, 3
    returning participant_kind, participant_id, cycle_year, earned
  )
  insert into notifications (recipient_kind, recipient_id, type, title, message, data)
  select t.participant_kind::text::recipient_kind, t.participant_id, 'level-changed', 'Novo nível alcançado',
         'Parabéns! Você alcançou o nível ' || programme_level_name(t.earned) || '.',
         jsonb_build_object('level', programme_level_name(t.earned), 'previousLevel', programme_level_name(0))
  from totals t
  where t.cycle_year = programme_cycle_year(now())
    and programme_level_name(t.earned) is distinct from programme_level_name(0)
    and not exists (
      select 1 from store_users s
      where t.participant_kind = 'shopkeeper' and s.id = t.participant_id and s.shopkeeper_type = 'consultant'
    )`;

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
    // The people's and stores' ids, drawn once: each is written again in every invoice and ledger entry of theirs.
    const ids = (count, ms, tag) => Array.from({ length: count }, (_, n) => uuid7(ms, tag, n));
    const storeIds = ids(stores, now - 900 * DAY, TAG.store);
    const sellerIds = ids(sellers, now - 900 * DAY, TAG.seller);
    const professionalIds = ids(professionals, now - 800 * DAY, TAG.professional);
    const storeId = (n) => storeIds[n];
    const sellerId = (n) => sellerIds[n];
    const professionalId = (n) => professionalIds[n];
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
    // Credits and reversals are loaded with the ledger's cycle_points trigger off, and the points of each cycle are
    // then summed in one statement as the trigger sums them (below). Through the trigger, the 600,000 reversals
    // looked up each cancelled invoice's credit and, one participant and cycle at a time, the moment each of them
    // reached their total (programme_reached_at, a few hundred entries for each seller): 615 s of a 1,818 s seed.
    await step('ledger credits and reversals', async () => {
      rebuild.push(
        await bulkLoad(
          db,
          'ledger_entries',
          async () => {
            await copy(db, 'ledger_entries', ledgerColumns, invoices * 2, (m) => {
              if (!credited(m)) return '';
              const reason = `Nota fiscal ${(m >> 1) + 1}${m % 2 === 0 ? '' : ': participação na venda'}`;
              return entry(m, 'credit', amountOf(m), reason, at[m >> 1]);
            });
            await copy(db, 'ledger_entries', ledgerColumns, invoices * 2, (m) => {
              if (statusOf((m >> 1) + 1) !== 3) return '';
              const when = Math.min(now, at[m >> 1] + DAY);
              return entry(m, 'reversal', -amountOf(m), 'Nota fiscal cancelada', when, 2 * invoices + m);
            });
          },
          { off: ['ledger_entries_cycle_points'] },
        ),
      );
    });
    await step('indexes', async () => {
      for (const build of rebuild) await build();
    });
    await step('cycle points', () => db.query(CYCLE_POINTS));
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
  // Among those who can sign in: a kept database (BENCH_KEEP_DB) holds the privacy part's erased holder.
  const busiest = (
    await db.query(`select p.email from ledger_entries e join professionals p on p.id = e.participant_id
      where e.participant_kind = 'professional' and p.password_hash like '$argon2%'
      group by p.email order by count(*) desc limit 1`)
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
