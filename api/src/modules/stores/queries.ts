import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { ledgerEntries, stores, storeUsers } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';
import type { Principal } from '../../plugins/auth';

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
  if (!row) throw fail.notFound('Loja não encontrada.');
  return row;
}

export interface StoreFilters {
  search?: string;
  active?: boolean;
  state?: string;
  city?: string;
}

export function storeConditions(filters: StoreFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchAny(filters.search, [stores.name, stores.cnpj])];
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
