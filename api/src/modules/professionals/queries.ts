import {
  type AdminProfessionalsQuery,
  formatCpf,
  type ProfessionalChanges,
  type ProfessionalData,
  type ProfessionalProfile,
  professionOf,
  registrationFieldOf,
  stripCnpj,
  userMessages,
} from '@especifica/mf-shared/contracts';
import { and, asc, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { cyclePoints, ledgerEntries, professionals, rowCounts, stores, storeUsers } from '../../db/schema';
import type { LevelRow } from '../../domain/levels';
import { cycleYear, levelFor } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import { batches, type ExportSheet } from '../../files/export';
import { saoPauloDay } from '../../files/sao-paulo';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { containsPattern, searchAny } from '../../kernel/search';
import { levelRules } from '../ledger';

type Row = typeof professionals.$inferSelect;

const clean = <T extends Record<string, string | undefined>>(value: T | undefined): T | null => {
  if (!value) return null;
  const kept = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;
  return Object.keys(kept).length > 0 ? kept : null;
};

/**
 * The registration columns of a profession. Spec 5: cau only for Arquiteto, crea only for Engenheiro, abd only for
 * Designer de Interiores; the others are dropped (set to null), whatever the client sent.
 */
function registrationColumns(profession: string, numbers: Pick<ProfessionalData, 'cau' | 'crea' | 'abd'>) {
  const registration = registrationFieldOf(profession);
  const number = registration ? numbers[registration]?.trim() : undefined;
  if (registration && !number) throw fail.field(registration, 'Digite um número de registro válido.');
  return {
    cau: registration === 'cau' ? (number ?? null) : null,
    crea: registration === 'crea' ? (number ?? null) : null,
    abd: registration === 'abd' ? (number ?? null) : null,
  };
}

const officeColumn = (office: ProfessionalData['office']) =>
  clean(office ? { ...office, cnpj: office.cnpj ? stripCnpj(office.cnpj) : '' } : undefined);

const addressColumn = (address: ProfessionalData['address']) => ({
  ...address,
  ...(address.complement ? {} : { complement: undefined }),
});

/** What a professional's own update may send: any part of the data, each part checked whole. */
type DataChanges = Omit<ProfessionalChanges, '_id' | 'password' | 'currentPassword'>;

/**
 * The columns of a professional's data: all of them at sign-up, and on the profile's update only those of the parts
 * sent, the others undefined, which a write leaves as stored (what an older account lacks never blocks another
 * change). A profession sent takes its registration number with it.
 */
export function professionalColumns(data: DataChanges) {
  return {
    name: data.name as string,
    email: data.email as string,
    cellphone: data.cellphone as string,
    cpf: data.userData?.cpf as string,
    birthDate: data.userData?.birthDate as string,
    gender: data.userData?.gender,
    address: data.address && addressColumn(data.address),
    profession: data.profession as string,
    modality: data.modality as string,
    ...(data.profession !== undefined ? registrationColumns(data.profession, data) : {}),
    office: data.office === undefined ? undefined : officeColumn(data.office),
    socialMedia: data.socialMedia === undefined ? undefined : clean(data.socialMedia),
    acceptReceiveEmail: data.acceptReceiveEmail ?? false,
  };
}

export function professionalProfile(row: Row): ProfessionalProfile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    cellphone: row.cellphone,
    profileImage: row.profileImage,
    userData: { cpf: row.cpf, birthDate: row.birthDate, gender: row.gender },
    address: row.address ?? null,
    // An older account may hold a profession written another way ('Arquiteta'): the option it stands for.
    profession: professionOf(row.profession) ?? row.profession,
    modality: row.modality,
    cau: row.cau,
    crea: row.crea,
    abd: row.abd,
    office: row.office ?? null,
    socialMedia: row.socialMedia ?? null,
    acceptReceiveEmail: row.acceptReceiveEmail,
  };
}

// The CMS list of professionals (spec 7.9 get-all), its export and one professional's row.

type AdminSort = 'name' | 'email' | 'createdAt' | 'points';

/** Hundredths a professional holds: the sum of their ledger. */
const balanceSql = sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
            where ${ledgerEntries.participantKind} = 'professional'
              and ${ledgerEntries.participantId} = ${outer(professionals.id)})`;

/** Hundredths a professional earned in the cycle of `year`: what places them in a level (domain: levels). */
const earnedSql = (year: number) => sql<string>`coalesce((select ${cyclePoints.earned} from ${cyclePoints}
            where ${cyclePoints.participantKind} = 'professional' and ${cyclePoints.participantId} = ${outer(professionals.id)}
              and ${cyclePoints.cycleYear} = ${year}), 0)`;

/**
 * The list's search and filters. A level is the span of the cycle's points from its threshold up to the next level's
 * (the first level also holds everyone below its threshold, as `levelFor` places them); an unknown level finds none.
 */
export function adminProfessionalFilters(
  query: Partial<AdminProfessionalsQuery>,
  rules: readonly LevelRow[],
  now: Date,
): SQL | undefined {
  // A CPF is kept unmasked: a masked fragment ("123.456") is looked up by its digits too.
  const digits = query.search?.replace(/[.\-\s]/g, '') ?? '';
  const conditions: (SQL | undefined)[] = [
    or(
      searchAny(query.search, [professionals.name, professionals.email, professionals.cpf]),
      /^\d{3,11}$/.test(digits) ? ilike(professionals.cpf, containsPattern(digits)) : undefined,
    ),
  ];
  if (query.behaviour) conditions.push(eq(professionals.behaviour, query.behaviour));
  if (query.status) conditions.push(eq(professionals.status, query.status));
  if (query.referenceStoreId) conditions.push(eq(professionals.referenceStoreId, query.referenceStoreId));
  if (query.levelId) {
    const ordered = [...rules].sort((a, b) => a.threshold - b.threshold);
    const index = ordered.findIndex((rule) => rule.id === query.levelId);
    if (index < 0) return sql`false`;
    const earned = earnedSql(cycleYear(now));
    const next = ordered[index + 1];
    if (index > 0) conditions.push(sql`${earned} >= ${ordered[index]?.threshold ?? 0}`);
    if (next) conditions.push(sql`${earned} < ${next.threshold}`);
  }
  return and(...conditions);
}

/** Every professional, as the statement triggers on the table count them. */
async function professionalsTotal(db: Db): Promise<number> {
  const [row] = await db
    .select({ rows: rowCounts.rows })
    .from(rowCounts)
    .where(eq(rowCounts.tableName, 'professionals'));
  return row?.rows ?? 0;
}

/** A professional's columns that the CMS list and its export show. */
const shownColumns = {
  id: professionals.id,
  name: professionals.name,
  email: professionals.email,
  cpf: professionals.cpf,
  cellphone: professionals.cellphone,
  profession: professionals.profession,
  behaviour: professionals.behaviour,
  createdAt: professionals.createdAt,
};

export async function adminProfessionalsPage(
  db: Db,
  now: Date,
  where: SQL | undefined,
  query: ListPageQuery<AdminSort>,
  /** The levels, when the caller has read them already (for the filter): not read twice. */
  known?: readonly LevelRow[],
) {
  const [rules, answer] = await Promise.all([
    known ?? levelRules(db),
    listPage(
      query,
      {
        // Only the columns the list shows: a professional's address, office and social media stay in the table.
        rows: (total) =>
          db
            .select({
              professional: { ...shownColumns, status: professionals.status },
              store: { id: stores.id, name: stores.name },
              seller: { id: storeUsers.id, name: storeUsers.name },
              balance: balanceSql,
              earned: earnedSql(cycleYear(now)),
              total,
            })
            .from(professionals)
            .leftJoin(stores, eq(stores.id, professionals.referenceStoreId))
            .leftJoin(storeUsers, eq(storeUsers.id, professionals.referenceSellerId))
            .$dynamic(),
        // Unfiltered, the total is the one a trigger keeps (row_counts) rather than a count of 100,000 rows.
        count: (filter) => (filter ? db.$count(professionals, filter) : professionalsTotal(db)),
        where: [where],
        order: [desc(professionals.createdAt), professionals.id],
        sortable: {
          name: professionals.name,
          email: professionals.email,
          createdAt: professionals.createdAt,
          points: balanceSql,
        },
        id: professionals.id,
      },
      (row) => row,
    ),
  ]);
  const items = answer.items.map(({ professional, store, seller, balance, earned }) => ({
    id: professional.id,
    name: professional.name,
    email: professional.email,
    cpf: professional.cpf,
    cellphone: professional.cellphone,
    profession: professional.profession,
    status: professional.status,
    behaviour: professional.behaviour,
    level: { level: levelFor(rules, Number(earned))?.name ?? null, points: fromHundredths(earned) },
    totalPoints: fromHundredths(balance),
    referenceStore: store,
    referenceSeller: seller,
    createdAt: professional.createdAt.toISOString(),
  }));
  return { ...answer, items };
}

export async function adminProfessionalById(db: Db, now: Date, id: string) {
  const [item] = (await adminProfessionalsPage(db, now, eq(professionals.id, id), { limit: 1, page: 1 })).items;
  if (!item) throw fail.notFound(userMessages.professionalNotFound);
  return item;
}

const behaviourNames = { active: 'Ativo', inactive: 'Inativo', blocked: 'Bloqueado' } as const;
const EXPORT_BATCH = 5_000;

/** The CMS list as filtered, every row (the export of /cms/professionals). */
export async function adminProfessionalsSheet(db: Db, now: Date, where: SQL | undefined): Promise<ExportSheet> {
  const rules = await levelRules(db);
  const columns = {
    ...shownColumns,
    store: stores.name,
    earned: earnedSql(cycleYear(now)),
    balance: balanceSql,
  };
  const read = (after: string | null) =>
    db
      .select(columns)
      .from(professionals)
      .leftJoin(stores, eq(stores.id, professionals.referenceStoreId))
      .where(and(where, after ? gt(professionals.id, after) : undefined))
      .orderBy(asc(professionals.id))
      .limit(EXPORT_BATCH);
  return {
    name: 'Profissionais',
    columns: [
      'Nome',
      'E-mail',
      'CPF',
      'Celular',
      'Profissão',
      'Nível',
      'Pontos do ciclo',
      'Saldo',
      'Situação',
      'Loja de referência',
      'Cadastro',
    ],
    rows: batches(
      read,
      (row) => row.id,
      (row) => [
        row.name,
        row.email,
        row.cpf && formatCpf(row.cpf),
        row.cellphone,
        row.profession,
        levelFor(rules, Number(row.earned))?.name ?? null,
        fromHundredths(row.earned),
        fromHundredths(row.balance),
        behaviourNames[row.behaviour],
        row.store,
        saoPauloDay.format(row.createdAt),
      ],
    ),
  };
}

/** A professional's own row, for their profile. */
export async function professionalRow(db: Db, id: string) {
  const [row] = await db.select().from(professionals).where(eq(professionals.id, id));
  return row ?? null;
}

/** A shopkeeper's own row with the store's name, for their profile. */
export async function shopkeeperRow(db: Db, id: string) {
  const [row] = await db
    .select({ user: storeUsers, storeName: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(eq(storeUsers.id, id));
  return row ?? null;
}

/** Whether an e-mail is a professional's, and in which state (the sign-up's availability check). */
export async function professionalStatusByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ status: professionals.status })
    .from(professionals)
    .where(eq(professionals.email, email));
  return row ?? null;
}
