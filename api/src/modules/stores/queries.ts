import { type inviteSorts, storeMessages } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { ledgerEntries, professionals, storeInvites, stores, storeUsers } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import type { Principal } from '../../kernel/principal';
import { searchAny } from '../../kernel/search';

type StoreRow = typeof stores.$inferSelect;

export const storeOut = (row: StoreRow, users = 0, points = 0) => ({
  id: row.id,
  cnpj: row.cnpj,
  name: row.name,
  email: row.email,
  phone: row.phone,
  address: row.address ?? null,
  active: row.active,
  users,
  points,
  createdAt: row.createdAt.toISOString(),
});

export async function findStore(db: Db, id: string): Promise<StoreRow> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
  if (!row) throw fail.notFound(storeMessages.notFound);
  return row;
}

export interface StoreFilters {
  /** One store (the CMS reads a store named in a URL). */
  id?: string;
  search?: string;
  active?: boolean;
  state?: string;
  city?: string;
}

export function storeConditions(filters: StoreFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchAny(filters.search, [stores.name, stores.cnpj])];
  if (filters.id) conditions.push(eq(stores.id, filters.id));
  if (filters.active !== undefined) conditions.push(eq(stores.active, filters.active));
  if (filters.state) conditions.push(sql`${stores.address}->>'state' = ${filters.state.toUpperCase()}`);
  if (filters.city) conditions.push(sql`lower(${stores.address}->>'city') = lower(${filters.city})`);
  return and(...conditions);
}

export async function storesPage(
  db: Db,
  query: StoreFilters & ListPageQuery<'name' | 'cnpj' | 'createdAt' | 'points'>,
) {
  // A store's points are the sum of its shopkeepers' (domain: points).
  const points = sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
    join ${storeUsers} on ${storeUsers.id} = ${ledgerEntries.participantId}
    where ${ledgerEntries.participantKind} = 'shopkeeper' and ${storeUsers.storeId} = ${outer(stores.id)})`;
  const users = db
    .select({ storeId: storeUsers.storeId, users: count().as('users') })
    .from(storeUsers)
    .groupBy(storeUsers.storeId)
    .as('users');
  return listPage(
    query,
    {
      rows: db
        .select({ store: stores, users: users.users, points })
        .from(stores)
        .leftJoin(users, eq(users.storeId, stores.id))
        .$dynamic(),
      count: db.select({ total: count() }).from(stores).$dynamic(),
      where: [storeConditions(query)],
      order: [stores.name, stores.id],
      sortable: { name: stores.name, cnpj: stores.cnpj, createdAt: stores.createdAt, points },
      id: stores.id,
    },
    (row) => storeOut(row.store, Number(row.users ?? 0), fromHundredths(row.points)),
  );
}

/** One store as the CMS list shows it (its people and points too), or 404. */
export async function storeById(db: Db, id: string) {
  const [item] = (await storesPage(db, { id, limit: 1, page: 1 })).items;
  if (!item) throw fail.notFound(storeMessages.notFound);
  return item;
}

export interface StoreUserFilters {
  search?: string;
  active?: boolean;
  storeId?: string;
  shopkeeperType?: 'seller' | 'manager' | 'consultant';
  approval?: 'pending' | 'approved' | 'refused';
}

export async function storeUsersPage(
  db: Db,
  query: StoreUserFilters & ListPageQuery<'name' | 'email' | 'createdAt' | 'points'>,
) {
  const balance = sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
    where ${ledgerEntries.participantKind} = 'shopkeeper' and ${ledgerEntries.participantId} = ${outer(storeUsers.id)})`;
  return listPage(
    query,
    {
      rows: db
        .select({ user: storeUsers, storeName: stores.name, storeCnpj: stores.cnpj, points: balance })
        .from(storeUsers)
        .innerJoin(stores, eq(stores.id, storeUsers.storeId))
        .$dynamic(),
      count: db.select({ total: count() }).from(storeUsers).$dynamic(),
      where: [
        query.storeId ? eq(storeUsers.storeId, query.storeId) : undefined,
        query.active !== undefined ? eq(storeUsers.active, query.active) : undefined,
        query.shopkeeperType ? eq(storeUsers.shopkeeperType, query.shopkeeperType) : undefined,
        query.approval ? eq(storeUsers.approval, query.approval) : undefined,
      ],
      search: [storeUsers.name, storeUsers.email],
      order: [desc(storeUsers.createdAt), storeUsers.id],
      sortable: { name: storeUsers.name, email: storeUsers.email, createdAt: storeUsers.createdAt, points: balance },
      id: storeUsers.id,
    },
    storeUserOut,
  );
}

export function storeUserOut(row: {
  user: typeof storeUsers.$inferSelect;
  storeName: string;
  storeCnpj: string;
  points: string | number;
}) {
  const { user } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    cellphone: user.cellphone,
    shopkeeperType: user.shopkeeperType,
    approval: user.approval,
    active: user.active,
    storeId: user.storeId,
    storeName: row.storeName,
    storeCnpj: row.storeCnpj,
    points: fromHundredths(row.points),
    createdAt: user.createdAt.toISOString(),
  };
}

/** The store a shopkeeper works at: what they invite to, register sales of and see the sellers' ranking of. */
export async function storeOfShopkeeper(db: Db, principal: Principal): Promise<string> {
  const [row] = await db
    .select({ storeId: storeUsers.storeId })
    .from(storeUsers)
    .where(eq(storeUsers.id, principal.id));
  if (!row) throw fail.notFound('Usuário da loja não encontrado.');
  return row.storeId;
}

/** The participating stores a professional sees at /stores: active ones only, and no internal fields. */
export function participantStoresPage(db: Db, query: Omit<StoreFilters, 'active'> & ListPageQuery<'name'>) {
  return listPage(
    query,
    {
      rows: db.select().from(stores).$dynamic(),
      count: db.select({ total: count() }).from(stores).$dynamic(),
      where: [storeConditions({ ...query, active: true })],
      order: [stores.name, stores.id],
      sortable: { name: stores.name },
      id: stores.id,
    },
    (row) => ({ id: row.id, name: row.name, cnpj: row.cnpj, phone: row.phone, address: row.address ?? null }),
  );
}

/** One store user as the admin's list shows them. */
export async function storeUserById(db: Db, id: string) {
  const rows = await db
    .select({
      user: storeUsers,
      storeName: stores.name,
      storeCnpj: stores.cnpj,
      points: sql<string>`(select coalesce(sum(amount), 0) from ledger_entries
        where participant_kind = 'shopkeeper' and participant_id = ${outer(storeUsers.id)})`,
    })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(eq(storeUsers.id, id));
  return rows.map(storeUserOut);
}

export type InviteSort = (typeof inviteSorts)[number];

/** A page of a store's invites (or of every store's), with whether each invitee signed up. */
export function invitesPage(db: Db, publicUrl: string, filters: SQL | undefined, query: ListPageQuery<InviteSort>) {
  return listPage(
    query,
    {
      rows: db
        .select({
          invite: storeInvites,
          storeName: stores.name,
          accepted: sql<boolean>`${storeInvites.acceptedAt} is not null or exists (
          select 1 from ${professionals} p where p.email = ${outer(storeInvites.email)} and p.status = 'active')`,
        })
        .from(storeInvites)
        .innerJoin(stores, eq(stores.id, storeInvites.storeId))
        .$dynamic(),
      count: db.select({ total: count() }).from(storeInvites).$dynamic(),
      where: [filters],
      search: [storeInvites.email, storeInvites.name],
      order: [desc(storeInvites.createdAt), storeInvites.id],
      sortable: { name: storeInvites.name, email: storeInvites.email, createdAt: storeInvites.createdAt },
      id: storeInvites.id,
    },
    ({ invite, storeName, accepted }) => {
      const link = new URL('/sign-up-profissional', publicUrl);
      link.searchParams.set('referenceStore', invite.storeId);
      link.searchParams.set('email', invite.email);
      return {
        id: invite.id,
        storeId: invite.storeId,
        storeName,
        email: invite.email,
        name: invite.name,
        invitedBy: invite.invitedBy,
        accepted: Boolean(accepted),
        createdAt: invite.createdAt.toISOString(),
        signUpUrl: link.toString(),
      };
    },
  );
}
