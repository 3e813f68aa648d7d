import { and, asc, type Column, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
import { type Cell, exportStream, sheetOf } from '../../files/export';
import type { FileStorage } from '../../storage';
import { saoPauloTime } from './format';
import type { ConsentSubject } from './queries';

// The copy of a person's data (LGPD art. 18 and 19, docs/privacy.md): every row that names them, as JSON and CSV in a
// ZIP, with the files they sent. Nobody else's personal data: of the other people on their invoices, only the names of
// stores and sellers as the invoices show them.

export const COPY_TASK = 'privacy:copy';

const when = (value: Date | null | undefined) => (value ? saoPauloTime.format(value) : '');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const sheet = (name: string, columns: string[], rows: Cell[][]): ArchiveEntry => ({
  name,
  data: exportStream(sheetOf(name, columns, rows), 'csv') as AsyncIterable<Uint8Array>,
});

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
  const invoiceRows =
    sold || bought
      ? await db
          .select({
            invoice: invoices,
            store: stores.name,
            seller: storeUsers.name,
          })
          .from(invoices)
          .innerJoin(stores, eq(stores.id, invoices.storeId))
          .leftJoin(storeUsers, eq(storeUsers.id, invoices.shopkeeperId))
          .where(or(sold, bought))
          .orderBy(asc(invoices.createdAt), asc(invoices.id))
      : [];
  const lines =
    invoiceRows.length > 0
      ? await db
          .select()
          .from(invoiceLines)
          .where(
            inArray(
              invoiceLines.invoiceId,
              invoiceRows.map((row) => row.invoice.id),
            ),
          )
      : [];
  const own = (row: (typeof invoiceRows)[number]) =>
    row.invoice.professionalId !== null && professionalIds.includes(row.invoice.professionalId);
  const invoiceOut = invoiceRows.map((row) => ({
    id: row.invoice.id,
    papel: own(row) ? 'profissional' : 'vendedor',
    loja: row.store,
    vendedor: row.seller,
    numero: row.invoice.number,
    serie: row.invoice.series,
    chaveDeAcesso: row.invoice.accessKey,
    emissao: row.invoice.issuedOn,
    valor: fromHundredths(row.invoice.total),
    situacao: row.invoice.status,
    pontos: row.invoice.points === null ? null : fromHundredths(row.invoice.points),
    motivo: row.invoice.reason,
    enviadaEm: row.invoice.createdAt.toISOString(),
    produtos: lines
      .filter((line) => line.invoiceId === row.invoice.id)
      .map((line) => ({
        codigo: line.sku,
        descricao: line.description,
        quantidade: line.quantity,
        valor: fromHundredths(line.total),
      })),
  }));
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
    invoiceOut.map((row) => [
      when(new Date(row.enviadaEm)),
      row.papel,
      row.loja,
      row.vendedor ?? '',
      row.numero,
      row.serie ?? '',
      row.chaveDeAcesso ?? '',
      row.emissao,
      row.valor,
      row.situacao,
      row.pontos ?? '',
    ]),
  );
  yield { name: 'notas-fiscais.json', data: json(invoiceOut) };

  // The files of the invoices of the person's own purchases (a seller's sale names another person: not theirs).
  for (const row of invoiceRows) {
    if (!own(row) || !row.invoice.fileKey) continue;
    const file = await storage.read(row.invoice.fileKey);
    if (!file) continue;
    const extension = row.invoice.fileKey.split('.').pop() ?? 'bin';
    yield { name: `arquivos/nota-${row.invoice.number}-${row.invoice.id}.${extension}`, data: file };
  }

  const ledger = participants.length
    ? await db
        .select()
        .from(ledgerEntries)
        .where(ofParticipant(ledgerEntries.participantKind, ledgerEntries.participantId))
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    : [];
  yield sheet(
    'extrato.csv',
    ['Data', 'Conta', 'Tipo', 'Pontos', 'Motivo'],
    ledger.map((entry) => [
      when(entry.createdAt),
      entry.participantKind === 'professional' ? 'profissional' : 'lojista',
      entry.kind,
      fromHundredths(entry.amount),
      entry.reason ?? '',
    ]),
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

  const notices = participants.length
    ? await db
        .select()
        .from(notifications)
        .where(ofParticipant(notifications.recipientKind, notifications.recipientId))
        .orderBy(asc(notifications.createdAt))
    : [];
  yield sheet(
    'notificacoes.csv',
    ['Data', 'Título', 'Mensagem', 'Lida em'],
    notices.map((row) => [when(row.createdAt), row.title, row.message, when(row.readAt)]),
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
