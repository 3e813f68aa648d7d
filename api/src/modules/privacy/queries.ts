import {
  type ConsentRecord,
  type HeldItem,
  type MarketingConsent,
  marketingPurposes,
  type OwnDataRequest,
  type PrivacyData,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  consentRecords,
  customers,
  dataRequests,
  experienceSubscriptions,
  invoices,
  ledgerEntries,
  notifications,
  professionals,
  stores,
  storeUsers,
} from '../../db/schema';
import { fail } from '../../kernel/errors';

/** Whose consent: a professional, or one shopkeeper account (a person with two stores has two). */
export interface ConsentSubject {
  kind: 'professional' | 'shopkeeper';
  id: string;
}

const recordColumns = {
  id: consentRecords.id,
  purpose: consentRecords.purpose,
  version: consentRecords.version,
  given: consentRecords.given,
  channel: consentRecords.channel,
  at: consentRecords.createdAt,
  ipHash: consentRecords.ipHash,
};

const ofSubject = (subject: ConsentSubject) =>
  and(eq(consentRecords.subjectKind, subject.kind), eq(consentRecords.subjectId, subject.id));

const asRecord = (row: { at: Date } & Omit<ConsentRecord, 'at'>): ConsentRecord => ({
  ...row,
  at: row.at.toISOString(),
});

/** Every record of a person, newest first (the admin's reading and export). */
export async function consentRecordsOf(db: Db, subject: ConsentSubject, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(recordColumns)
      .from(consentRecords)
      .where(ofSubject(subject))
      .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(consentRecords).where(ofSubject(subject)),
  ]);
  return { items: rows.map(asRecord), total: total?.total ?? 0, page, limit };
}

/** The newest record of each marketing channel: the person's current choice (off when never asked). */
export async function marketingConsentsOf(db: Db, subject: ConsentSubject): Promise<MarketingConsent[]> {
  const rows = await db
    .selectDistinctOn([consentRecords.purpose], {
      purpose: consentRecords.purpose,
      given: consentRecords.given,
      at: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(and(ofSubject(subject), inArray(consentRecords.purpose, [...marketingPurposes])))
    .orderBy(consentRecords.purpose, desc(consentRecords.createdAt), desc(consentRecords.id));
  return marketingPurposes.map((purpose) => {
    const row = rows.find((candidate) => candidate.purpose === purpose);
    return { purpose, given: row?.given ?? false, at: row ? row.at.toISOString() : null };
  });
}

const plural = (value: number, none: string, one: string, many: string) =>
  value === 0 ? none : `${value.toLocaleString('pt-BR')} ${value === 1 ? one : many}`;
const present = (labels: [string, unknown][]) => {
  const held = labels.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (held.length === 0) return 'Não informado';
  const text = held.map(([label]) => label).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Who the person is and how to reach them, with what of it the programme has. */
function personItems(
  identity: [string, unknown][],
  contact: [string, unknown][],
  about: { identity: string; contact: string },
): HeldItem[] {
  return [
    {
      key: 'identity',
      label: 'Identificação',
      detail: present(identity),
      purpose: `Identificar você no programa e ${about.identity}.`,
      basis: 'contract',
    },
    {
      key: 'contact',
      label: 'Contato',
      detail: present(contact),
      purpose: `Entrar na sua conta, recuperar a senha e avisar sobre ${about.contact}.`,
      basis: 'contract',
    },
  ];
}

async function countsOf(db: Db, subject: ConsentSubject) {
  const invoicesOf =
    subject.kind === 'professional' ? eq(invoices.professionalId, subject.id) : eq(invoices.shopkeeperId, subject.id);
  const [[invoiceCount], [ledgerCount], [subscriptionCount], [notificationCount], [customerCount]] = await Promise.all([
    db.select({ n: count() }).from(invoices).where(invoicesOf),
    db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.participantKind, subject.kind), eq(ledgerEntries.participantId, subject.id))),
    db
      .select({ n: count() })
      .from(experienceSubscriptions)
      .where(
        and(
          eq(experienceSubscriptions.participantKind, subject.kind),
          eq(experienceSubscriptions.participantId, subject.id),
        ),
      ),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientKind, subject.kind), eq(notifications.recipientId, subject.id))),
    subject.kind === 'professional'
      ? db.select({ n: count() }).from(customers).where(eq(customers.professionalId, subject.id))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return {
    invoices: invoiceCount?.n ?? 0,
    ledger: ledgerCount?.n ?? 0,
    subscriptions: subscriptionCount?.n ?? 0,
    notifications: notificationCount?.n ?? 0,
    customers: customerCount?.n ?? 0,
  };
}

async function professionalItems(db: Db, id: string): Promise<HeldItem[]> {
  const [row] = await db.select().from(professionals).where(eq(professionals.id, id));
  if (!row) throw fail.invalidId();
  const counts = await countsOf(db, { kind: 'professional', id });
  const social = row.socialMedia ? Object.values(row.socialMedia).filter(Boolean).length : 0;
  return [
    ...personItems(
      [
        ['nome', row.name],
        ['CPF', row.cpf],
        ['data de nascimento', row.birthDate],
        ['gênero', row.gender],
      ],
      [
        ['e-mail', row.email],
        ['celular', row.cellphone],
      ],
      { identity: 'nas notas fiscais que você envia', contact: 'suas notas e pontos' },
    ),
    {
      key: 'address',
      label: 'Endereço',
      detail: row.address
        ? [row.address.city, row.address.state].filter(Boolean).join(' - ') || 'Informado'
        : 'Não informado',
      purpose: 'Indicar as lojas e experiências da sua região.',
      basis: 'contract',
    },
    {
      key: 'professional',
      label: 'Dados profissionais',
      detail: present([
        ['profissão', row.profession],
        ['modalidade', row.modality],
        ['CAU', row.cau],
        ['CREA', row.crea],
        ['ABD', row.abd],
        ['certificado ABD', row.abdCertificate],
        ['escritório', row.office],
      ]),
      purpose: 'Confirmar que você é um profissional e aplicar as regras da sua profissão.',
      basis: 'contract',
    },
    {
      key: 'social',
      label: 'Redes sociais',
      detail: plural(social, 'Não informado', 'rede informada', 'redes informadas'),
      purpose: 'Mostrar seu trabalho nas ações do programa, se você quiser.',
      basis: 'consent',
    },
    {
      key: 'photo',
      label: 'Foto de perfil',
      detail: row.profileImage ? 'Informada' : 'Não informada',
      purpose: 'Identificar você no cabeçalho e para as lojas.',
      basis: 'consent',
    },
    ...sharedItems(counts),
    {
      key: 'customers',
      label: 'Clientes cadastrados',
      detail: plural(counts.customers, 'Nenhum cliente', 'cliente', 'clientes'),
      purpose: 'Atribuir a você as compras dos clientes que você indicou.',
      basis: 'contract',
    },
  ];
}

async function shopkeeperItems(db: Db, id: string): Promise<HeldItem[]> {
  const [row] = await db
    .select({ user: storeUsers, store: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(eq(storeUsers.id, id));
  if (!row) throw fail.invalidId();
  const counts = await countsOf(db, { kind: 'shopkeeper', id });
  return [
    ...personItems(
      [
        ['nome', row.user.name],
        ['CPF', row.user.cpf],
      ],
      [
        ['e-mail', row.user.email],
        ['celular', row.user.cellphone],
      ],
      { identity: 'nas vendas que você registra', contact: 'suas vendas e pontos' },
    ),
    {
      key: 'store',
      label: 'Loja e função',
      detail: row.store,
      purpose: 'Ligar suas vendas à loja e ao ranking de vendedores.',
      basis: 'contract',
    },
    {
      key: 'photo',
      label: 'Foto de perfil',
      detail: row.user.profileImage ? 'Informada' : 'Não informada',
      purpose: 'Identificar você no cabeçalho e no ranking.',
      basis: 'consent',
    },
    ...sharedItems(counts),
  ];
}

function sharedItems(counts: Awaited<ReturnType<typeof countsOf>>): HeldItem[] {
  return [
    {
      key: 'invoices',
      label: 'Notas fiscais e arquivos',
      detail: plural(counts.invoices, 'Nenhuma nota fiscal', 'nota fiscal', 'notas fiscais'),
      purpose: 'Conferir as compras e creditar seus pontos.',
      basis: 'contract',
    },
    {
      key: 'fiscal',
      label: 'Campos fiscais das notas',
      detail: 'Loja, número, série, chave de acesso, data e valores de cada nota',
      purpose: 'Guardados por 5 anos após o exercício fiscal, mesmo depois de uma exclusão.',
      basis: 'legal-obligation',
    },
    {
      key: 'ledger',
      label: 'Extrato de pontos',
      detail: plural(counts.ledger, 'Nenhum lançamento', 'lançamento', 'lançamentos'),
      purpose: 'Manter seu saldo, seu nível e o ranking.',
      basis: 'contract',
    },
    {
      key: 'experiences',
      label: 'Inscrições em experiências',
      detail: plural(counts.subscriptions, 'Nenhuma inscrição', 'inscrição', 'inscrições'),
      purpose: 'Reservar sua vaga e confirmar sua presença.',
      basis: 'contract',
    },
    {
      key: 'notifications',
      label: 'Notificações',
      detail: plural(counts.notifications, 'Nenhuma notificação', 'notificação', 'notificações'),
      purpose: 'Avisar você sobre o que muda na sua conta.',
      basis: 'contract',
    },
    {
      key: 'security',
      label: 'Sinais de risco e auditoria',
      detail: 'Registros de quem alterou o quê, e sinais de risco das notas',
      purpose: 'Prevenir fraudes e responder por cada alteração.',
      basis: 'legitimate-interest',
    },
    {
      key: 'consents',
      label: 'Registros de consentimento',
      detail: 'O que você aceitou ou retirou, quando e por qual canal',
      purpose: 'Comprovar seus consentimentos, como a LGPD exige.',
      basis: 'legal-obligation',
    },
  ];
}

export const ownRequestOf = (row: typeof dataRequests.$inferSelect): OwnDataRequest => ({
  id: row.id,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
  deadline: row.deadline.toISOString(),
  refusalReason: row.refusalReason,
});

export async function requestsOf(db: Db, subject: ConsentSubject): Promise<OwnDataRequest[]> {
  const rows = await db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.subjectKind, subject.kind), eq(dataRequests.subjectId, subject.id)))
    .orderBy(desc(dataRequests.createdAt));
  return rows.map(ownRequestOf);
}

/** /privacy: what the programme holds about the person, their acceptances and their marketing choices. */
export async function privacyDataOf(db: Db, subject: ConsentSubject): Promise<PrivacyData> {
  const [items, acceptances, marketing] = await Promise.all([
    subject.kind === 'professional' ? professionalItems(db, subject.id) : shopkeeperItems(db, subject.id),
    db
      .select(recordColumns)
      .from(consentRecords)
      .where(and(ofSubject(subject), sql`${consentRecords.purpose} in ('regulation', 'privacy-policy')`))
      .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id)),
    marketingConsentsOf(db, subject),
  ]);
  return { items, requests: await requestsOf(db, subject), acceptances: acceptances.map(asRecord), marketing };
}
