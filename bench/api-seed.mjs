// The generated programme of `npm run bench:api`, built in PostgreSQL itself (generate_series) so that a million
// invoices take minutes, not hours. The API has already migrated the database and seeded the demo accounts; the
// generated people share the demo password's hash so that the benchmark can log in as any of them.
// BENCH_SCALE=0.01 builds a hundredth of it, to try the benchmark itself quickly. Shared by `npm run bench:api` and
// `npm run bench:render`, with the database helpers both use.
import pg from 'pg';

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
  professionals: Math.round(100_000 * scale),
  stores: Math.max(10, Math.round(1_000 * scale)),
  sellersPerStore: 3,
  products: Math.round(20_000 * scale),
  invoices: Math.round(1_000_000 * scale),
};

const BATCH = 100_000;

/** Statements in order, each with a label for the progress lines. */
export function seedStatements(passwordHash) {
  const hash = passwordHash.replaceAll("'", "''");
  const { professionals, stores, sellersPerStore, products, invoices } = SIZES;
  const sellers = stores * sellersPerStore;
  const statements = [
    [
      'stores',
      `insert into stores (cnpj, name, email, active)
       select lpad(i::text, 12, '0') || '00', 'Loja Bench ' || i, 'loja' || i || '@bench.especifica.dev', true
       from generate_series(1, ${stores}) i`,
    ],
    [
      'sellers',
      `insert into store_users (name, email, password_hash, store_id, shopkeeper_type, cpf, accepted_terms_version)
       select 'Vendedor Bench ' || i, 'vendedor' || i || '@bench.especifica.dev', '${hash}', s.id, 'seller',
              '8' || lpad(i::text, 10, '0'), (select max(version) from terms_versions)
       from generate_series(1, ${sellers}) i
       join (select id, row_number() over (order by cnpj) as n from stores where cnpj like '%00' and name like 'Loja Bench %') s
         on s.n = 1 + (i - 1) / ${sellersPerStore}`,
    ],
    [
      'professionals',
      `insert into professionals (name, email, password_hash, cpf, profession, status, email_confirmed_at,
                                  accepted_terms_version, created_at)
       select 'Profissional Bench ' || i, 'profissional' || i || '@bench.especifica.dev', '${hash}',
              '9' || lpad(i::text, 10, '0'), (array['Arquiteto', 'Engenheiro', 'Designer de Interiores'])[1 + i % 3],
              'active', now(), (select max(version) from terms_versions), now() - interval '800 days'
       from generate_series(1, ${professionals}) i`,
    ],
    [
      'products',
      `insert into products (sku, name, brand, category)
       select 'BENCH-' || i, 'Produto Bench ' || i, 'Marca ' || (i % 50), 'Categoria ' || (i % 30)
       from generate_series(1, ${products}) i`,
    ],
    [
      'numbering',
      `create unlogged table bench_numbers as
         select 'p' as kind, row_number() over (order by id) as n, id from professionals where email like '%@bench.especifica.dev'
         union all
         select 's', row_number() over (order by id), id from stores where name like 'Loja Bench %'
         union all
         select 'k', row_number() over (order by id), id from store_users where email like '%@bench.especifica.dev';
       create index on bench_numbers (kind, n)`,
    ],
  ];
  for (let from = 1; from <= invoices; from += BATCH) {
    const to = Math.min(invoices, from + BATCH - 1);
    // Over the last two years in the order they arrived, as a real table holds them; one seller per invoice, at the
    // invoice's store; 85 % approved, 7 % pending, 5 % rejected, 3 % cancelled.
    statements.push([
      `invoices ${from}-${to}`,
      `insert into invoices (professional_id, store_id, shopkeeper_id, number, series, issued_on, total, status,
                             submitted_by, reviewed_by, reviewed_at, points, created_at, updated_at)
       select p.id, s.id, k.id, g.i::text, 'BENCH', (g.at at time zone 'America/Sao_Paulo')::date, g.total, g.status::invoice_status,
              'shopkeeper:' || k.id, case when g.status <> 'pending' then 'admin:bench' end,
              case when g.status <> 'pending' then g.at end,
              case when g.status in ('approved', 'cancelled') then g.total else 0 end, g.at, g.at
       from (
         select i, now() - ((${invoices} - i) * 720.0 / ${invoices} + 1 + random() / 24) * interval '1 day' as at, (1000 + floor(random() * 2000000))::bigint as total,
                case when i % 100 < 85 then 'approved' when i % 100 < 92 then 'pending'
                     when i % 100 < 97 then 'rejected' else 'cancelled' end as status,
                1 + floor(random() * ${professionals})::int as pn, 1 + floor(random() * ${sellers})::int as kn
         from generate_series(${from}, ${to}) g(i)
       ) g
       join bench_numbers p on p.kind = 'p' and p.n = g.pn
       join bench_numbers k on k.kind = 'k' and k.n = g.kn
       join store_users su on su.id = k.id
       join stores s on s.id = su.store_id`,
    ]);
    statements.push([
      `invoice lines ${from}-${to}`,
      `insert into invoice_lines (invoice_id, position, sku, description, quantity, total)
       select i.id, 0, 'BENCH-' || (1 + floor(random() * ${products})::int), 'Produto', 1, i.total
       from invoices i where i.series = 'BENCH' and i.number::bigint between ${from} and ${to}`,
    ]);
    // What approval writes (the professional's credit and the seller's 10 % share), and the reversal of a cancellation.
    statements.push([
      `ledger ${from}-${to}`,
      `insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason, created_at)
       select 'professional'::participant_kind, i.professional_id, i.points, 'credit'::ledger_kind, 'invoice', i.id::text, 'admin:bench',
              'Nota fiscal ' || i.number, i.reviewed_at
       from invoices i where i.status in ('approved', 'cancelled') and i.points > 0
         and i.series = 'BENCH' and i.number::bigint between ${from} and ${to}
       union all
       select 'shopkeeper'::participant_kind, i.shopkeeper_id, i.points / 10, 'credit'::ledger_kind, 'invoice', i.id::text, 'admin:bench',
              'Nota fiscal ' || i.number || ': participação na venda', i.reviewed_at
       from invoices i where i.status in ('approved', 'cancelled') and i.points >= 10
         and i.series = 'BENCH' and i.number::bigint between ${from} and ${to}`,
    ]);
    statements.push([
      `reversals ${from}-${to}`,
      `insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason, created_at)
       select e.participant_kind, e.participant_id, -e.amount, 'reversal', e.source_type, e.source_id, 'admin:bench',
              'Nota fiscal cancelada', least(now(), e.created_at + interval '1 day')
       from invoices i
       join ledger_entries e on e.source_type = 'invoice' and e.source_id = i.id::text and e.kind = 'credit'
       where i.status = 'cancelled' and i.series = 'BENCH' and i.number::bigint between ${from} and ${to}`,
    ]);
  }
  statements.push(['drop numbering', 'drop table bench_numbers']);
  // What autovacuum does to a live programme: the batches above left cycle_points with several dead versions of
  // each row (every ledger statement moves its totals), which the rankings' counts would otherwise wade through.
  statements.push(['vacuum', 'vacuum analyze']);
  return statements;
}

/**
 * Fills a database that the API has already migrated and seeded with the demo accounts with the generated programme,
 * logging each step's time; returns the whole seeding's time in ms.
 */
export async function seedProgramme(url, log) {
  const db = new pg.Client(url);
  db.on('error', () => {});
  await db.connect();
  try {
    const started = performance.now();
    const {
      rows: [ana],
    } = await db.query(`select password_hash from professionals where email = 'ana@especifica.dev'`);
    for (const [label, statement] of seedStatements(ana.password_hash)) {
      const t = performance.now();
      await db.query(statement).catch((error) => {
        throw new Error(`seeding ${label}: ${error.message}`);
      });
      log(`seeded ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
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
