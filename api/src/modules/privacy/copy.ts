import { and, asc, type Column, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { keysetPages } from '../../db/keyset';
import {
  consentRecords,
  customers,
  experienceSubscriptions,
  experiences,
  invoiceLines,
  invoices,
  ledgerEntries,
  notifications,
  professionals,
  signIns,
  stores,
  storeUsers,
} from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import type { ArchiveEntry } from '../../files/archive';
import { type Cell, cells, exportStream } from '../../files/export';
import type { FileStorage } from '../../storage';
import { saoPauloTime } from './format';
import type { ConsentSubject } from './queries';

// The copy of a person's data (LGPD art. 18 and 19, docs/privacy.md): every row that names them, as JSON and CSV in a
// ZIP, with the files they sent. Nobody else's personal data: of the other people on their invoices, only the names of
// stores and sellers as the invoices show them.

export const COPY_TASK = 'privacy:copy';

const when = (value: Date | null | undefined) => (value ? saoPauloTime.format(value) : '');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const sheet = (name: string, columns: string[], rows: Cell[][] | AsyncIterable<Cell[][]>): ArchiveEntry => ({
  name,
  data: exportStream(
    {
      name,
      columns,
      rows: Array.isArray(rows)
        ? (async function* () {
            yield rows;
          })()
        : rows,
    },
    'csv',
  ) as AsyncIterable<Uint8Array>,
});

// A person's invoices, ledger and notifications can run to tens of thousands of rows: they are read a batch at a
// time, in the order they happened, and written out as they come, so the copy's memory stays that of one batch.
const BATCH = 250;

/** Where a batch stops: its last row's instant (as PostgreSQL writes it, exact to the microsecond) and id. */
interface Key {
  at: string;
  id: string;
}

/** The rows after `key` in (created_at, id) order. */
const after = (createdAt: Column, id: Column, key: Key | null): SQL | undefined =>
  key ? sql`(${createdAt}, ${id}) > (${key.at}::timestamptz, ${key.id}::uuid)` : undefined;

/** The instant of a row as its key reads it. */
const instantOf = (createdAt: Column) => sql<string>`${createdAt}::text`;

/** Every batch of a read in (created_at, id) order: `read(key)` answers at most BATCH rows after `key`. */
const pages = <T extends Key>(read: (key: Key | null) => Promise<T[]>) =>
  keysetPages<T, Key>(read, (last) => ({ at: last.at, id: last.id }), { size: BATCH });

/** A JSON array, indented as JSON.stringify(array, null, 2) writes it, one batch of items at a time. */
async function* jsonArray<T>(source: AsyncIterable<T[]>, toJson: (row: T) => unknown): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let first = true;
  yield encoder.encode('[');
  for await (const rows of source) {
    let text = '';
    for (const row of rows) {
      text += `${first ? '' : ','}\n  ${JSON.stringify(toJson(row), null, 2).replaceAll('\n', '\n  ')}`;
      first = false;
    }
    yield encoder.encode(text);
  }
  yield encoder.encode(first ? ']\n' : '\n]\n');
}

/** Secrets and internal counters never leave, even to their owner. */
function withoutSecrets<T extends Record<string, unknown>>(row: T) {
  const { passwordHash: _hash, tokenVersion: _version, ...rest } = row;
  return rest;
}

/** The person's accounts: the one asked for, and every other that the same e-mail opens at login. */
async function accountsOf(db: Db, subject: ConsentSubject) {
  const [email] =
    subject.kind === 'professional'
      ? await db.select({ email: professionals.email }).from(professionals).where(eq(professionals.id, subject.id))
      : await db.select({ email: storeUsers.email }).from(storeUsers).where(eq(storeUsers.id, subject.id));
  if (!email) return { professional: [], shopkeeper: [] };
  const [professional, shopkeeper] = await Promise.all([
    db.select().from(professionals).where(eq(professionals.email, email.email)),
    db
      .select({ account: storeUsers, store: stores.name })
      .from(storeUsers)
      .innerJoin(stores, eq(stores.id, storeUsers.storeId))
      .where(eq(storeUsers.email, email.email)),
  ]);
  return { professional, shopkeeper };
}

/** Every entry of the copy, in the order a person reads them. */
export async function* copyEntries(
  db: Db,
  storage: FileStorage,
  subject: ConsentSubject,
  now: Date,
): AsyncGenerator<ArchiveEntry> {
  const accounts = await accountsOf(db, subject);
  const professionalIds = accounts.professional.map((row) => row.id);
  const shopkeeperIds = accounts.shopkeeper.map((row) => row.account.id);
  const participants = [
    ...professionalIds.map((id) => ({ kind: 'professional' as const, id })),
    ...shopkeeperIds.map((id) => ({ kind: 'shopkeeper' as const, id })),
  ];
  /** The rows of any of the person's accounts, by a table's kind and id columns. */
  const ofParticipant = (kindColumn: Column, idColumn: Column) =>
    or(...participants.map((participant) => and(eq(kindColumn, participant.kind), eq(idColumn, participant.id))));

  /** A table of the person's rows (`owner`) read in batches, in the order they happened, with `columns`. */
  const history = <C extends Record<string, PgColumn>>(
    table: typeof ledgerEntries | typeof notifications,
    owner: SQL | undefined,
    columns: C,
  ) =>
    participants.length
      ? pages(
          (key) =>
            db
              .select({ id: table.id, at: instantOf(table.createdAt), createdAt: table.createdAt, ...columns })
              .from(table)
              .where(and(owner, after(table.createdAt, table.id, key)))
              .orderBy(asc(table.createdAt), asc(table.id))
              .limit(BATCH) as unknown as Promise<
              (Key & { createdAt: Date } & { [K in keyof C]: C[K]['_']['data'] })[]
            >,
        )
      : pages(async () => []);

  yield {
    name: 'LEIA-ME.txt',
    data: [
      'Cópia dos seus dados no programa Especifica',
      `Gerada em ${when(now)} (horário de Brasília).`,
      '',
      'perfil.json: seus dados cadastrais e suas contas no programa.',
      'notas-fiscais.csv e notas-fiscais.json: as notas fiscais enviadas por você ou para você, com os produtos.',
      'arquivos/: os arquivos das notas fiscais que você enviou como profissional.',
      'extrato.csv: todos os lançamentos de pontos.',
      'clientes.csv: os clientes que você cadastrou.',
      'experiencias.csv: suas inscrições em experiências.',
      'notificacoes.csv: as notificações que você recebeu.',
      'consentimentos.csv: o que você aceitou ou retirou, quando e por qual canal.',
      'acessos.csv: suas entradas no programa nos últimos 6 meses.',
      '',
      'Das outras pessoas das suas notas, a cópia traz só os nomes das lojas e dos vendedores, como aparecem nas notas.',
    ].join('\n'),
  };

  yield {
    name: 'perfil.json',
    data: json({
      profissional: accounts.professional.map((row) => withoutSecrets(row)),
      contasDeLojista: accounts.shopkeeper.map((row) => ({ ...withoutSecrets(row.account), loja: row.store })),
    }),
  };

  // Invoices the person sent or that were sent for them (as a professional), and the sales they registered.
  const sold = shopkeeperIds.length > 0 ? inArray(invoices.shopkeeperId, shopkeeperIds) : undefined;
  const bought = professionalIds.length > 0 ? inArray(invoices.professionalId, professionalIds) : undefined;
  const invoicePages = () =>
    sold || bought
      ? pages((key) =>
          db
            .select({
              id: invoices.id,
              at: instantOf(invoices.createdAt),
              createdAt: invoices.createdAt,
              professionalId: invoices.professionalId,
              number: invoices.number,
              series: invoices.series,
              accessKey: invoices.accessKey,
              issuedOn: invoices.issuedOn,
              total: invoices.total,
              status: invoices.status,
              points: invoices.points,
              reason: invoices.reason,
              fileKey: invoices.fileKey,
              store: stores.name,
              seller: storeUsers.name,
            })
            .from(invoices)
            .innerJoin(stores, eq(stores.id, invoices.storeId))
            .leftJoin(storeUsers, eq(storeUsers.id, invoices.shopkeeperId))
            .where(and(or(sold, bought), after(invoices.createdAt, invoices.id, key)))
            .orderBy(asc(invoices.createdAt), asc(invoices.id))
            .limit(BATCH),
        )
      : pages(async () => []);
  const own = (row: { professionalId: string | null }) =>
    row.professionalId !== null && professionalIds.includes(row.professionalId);
  yield sheet(
    'notas-fiscais.csv',
    [
      'Enviada em',
      'Papel',
      'Loja',
      'Vendedor',
      'Número',
      'Série',
      'Chave de acesso',
      'Emissão',
      'Valor (R$)',
      'Situação',
      'Pontos',
    ],
    cells(invoicePages(), (row) => [
      when(row.createdAt),
      own(row) ? 'profissional' : 'vendedor',
      row.store,
      row.seller ?? '',
      row.number,
      row.series ?? '',
      row.accessKey ?? '',
      row.issuedOn,
      fromHundredths(row.total),
      row.status,
      row.points === null ? '' : fromHundredths(row.points),
    ]),
  );
  /** Each batch of invoices with its products. */
  async function* withProducts() {
    for await (const rows of invoicePages()) {
      const products = new Map<string, { codigo: string; descricao: string; quantidade: string; valor: number }[]>();
      const lines = await db
        .select()
        .from(invoiceLines)
        .where(
          inArray(
            invoiceLines.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
      for (const line of lines) {
        const list = products.get(line.invoiceId) ?? [];
        list.push({
          codigo: line.sku,
          descricao: line.description,
          quantidade: line.quantity,
          valor: fromHundredths(line.total),
        });
        products.set(line.invoiceId, list);
      }
      yield rows.map((row) => ({ row, products: products.get(row.id) ?? [] }));
    }
  }
  yield {
    name: 'notas-fiscais.json',
    data: jsonArray(withProducts(), ({ row, products }) => ({
      id: row.id,
      papel: own(row) ? 'profissional' : 'vendedor',
      loja: row.store,
      vendedor: row.seller,
      numero: row.number,
      serie: row.series,
      chaveDeAcesso: row.accessKey,
      emissao: row.issuedOn,
      valor: fromHundredths(row.total),
      situacao: row.status,
      pontos: row.points === null ? null : fromHundredths(row.points),
      motivo: row.reason,
      enviadaEm: row.createdAt.toISOString(),
      produtos: products,
    })),
  };

  // The files of the invoices of the person's own purchases (a seller's sale names another person: not theirs), read
  // a batch at a time as the other invoices are.
  const filed = professionalIds.length
    ? pages((key) =>
        db
          .select({
            id: invoices.id,
            at: instantOf(invoices.createdAt),
            number: invoices.number,
            fileKey: invoices.fileKey,
          })
          .from(invoices)
          .where(
            and(
              inArray(invoices.professionalId, professionalIds),
              isNotNull(invoices.fileKey),
              after(invoices.createdAt, invoices.id, key),
            ),
          )
          .orderBy(asc(invoices.createdAt), asc(invoices.id))
          .limit(BATCH),
      )
    : pages(async () => []);
  for await (const rows of filed) {
    for (const row of rows) {
      const file = row.fileKey ? await storage.read(row.fileKey) : null;
      if (!file || !row.fileKey) continue;
      const extension = row.fileKey.split('.').pop() ?? 'bin';
      yield { name: `arquivos/nota-${row.number}-${row.id}.${extension}`, data: file };
    }
  }

  const ofLedger = ofParticipant(ledgerEntries.participantKind, ledgerEntries.participantId);
  yield sheet(
    'extrato.csv',
    ['Data', 'Conta', 'Tipo', 'Pontos', 'Motivo'],
    cells(
      history(ledgerEntries, ofLedger, {
        participantKind: ledgerEntries.participantKind,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        reason: ledgerEntries.reason,
      }),
      (entry) => [
        when(entry.createdAt),
        entry.participantKind === 'professional' ? 'profissional' : 'lojista',
        entry.kind,
        fromHundredths(entry.amount),
        entry.reason ?? '',
      ],
    ),
  );

  const registered = professionalIds.length
    ? await db
        .select()
        .from(customers)
        .where(inArray(customers.professionalId, professionalIds))
        .orderBy(asc(customers.createdAt))
    : [];
  yield sheet(
    'clientes.csv',
    ['Cadastrado em', 'Nome', 'CPF', 'Telefone', 'E-mail', 'Válido até', 'Oposição em'],
    registered.map((row) => [
      when(row.createdAt),
      row.name,
      row.cpf,
      row.phone ?? '',
      row.email ?? '',
      when(row.validUntil),
      when(row.objectedAt),
    ]),
  );

  const subscriptions = participants.length
    ? await db
        .select({ subscription: experienceSubscriptions, name: experiences.name, happensAt: experiences.happensAt })
        .from(experienceSubscriptions)
        .innerJoin(experiences, eq(experiences.id, experienceSubscriptions.experienceId))
        .where(ofParticipant(experienceSubscriptions.participantKind, experienceSubscriptions.participantId))
    : [];
  yield sheet(
    'experiencias.csv',
    ['Experiência', 'Data', 'Situação', 'Pontos', 'Presença'],
    subscriptions.map((row) => [
      row.name,
      when(row.happensAt),
      row.subscription.status,
      fromHundredths(row.subscription.cost),
      when(row.subscription.attendedAt),
    ]),
  );

  const ofRecipient = ofParticipant(notifications.recipientKind, notifications.recipientId);
  yield sheet(
    'notificacoes.csv',
    ['Data', 'Título', 'Mensagem', 'Lida em'],
    cells(
      history(notifications, ofRecipient, {
        title: notifications.title,
        message: notifications.message,
        readAt: notifications.readAt,
      }),
      (row) => [when(row.createdAt), row.title, row.message, when(row.readAt)],
    ),
  );

  const consents = participants.length
    ? await db
        .select()
        .from(consentRecords)
        .where(ofParticipant(consentRecords.subjectKind, consentRecords.subjectId))
        .orderBy(asc(consentRecords.createdAt))
    : [];
  yield sheet(
    'consentimentos.csv',
    ['Data', 'Consentimento', 'Versão', 'Situação', 'Canal', 'Hash do IP'],
    consents.map((row) => [
      when(row.createdAt),
      row.purpose,
      row.version ?? '',
      row.given ? 'autorizado' : 'não autorizado',
      row.channel,
      row.ipHash ?? '',
    ]),
  );

  const accesses = participants.length
    ? await db
        .select()
        .from(signIns)
        .where(ofParticipant(signIns.role, signIns.accountId))
        .orderBy(asc(signIns.createdAt))
    : [];
  yield sheet(
    'acessos.csv',
    ['Data', 'Hash do IP', 'Navegador'],
    accesses.map((row) => [when(row.createdAt), row.ipHash ?? '', row.userAgent ?? '']),
  );
}
