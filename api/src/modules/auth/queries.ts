import type { Role, ShopkeeperType } from '@especifica/mf-shared/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers, professionals, stores, storeUsers } from '../../db/schema';
import type { SessionAccount } from '../../kernel/principal';

export type ProfessionalStatus = (typeof professionals.$inferSelect)['status'];

/** One sign-in identity, whatever table holds it. */
export interface Account {
  id: string;
  role: Role;
  name: string;
  email: string;
  passwordHash: string;
  profileImage: string | null;
  tokenVersion: number;
  shopkeeperType: ShopkeeperType | null;
  /** Active and allowed in: an inactive or blocked account, or one of an inactive store, is not. */
  canSignIn: boolean;
  /** Switched off by an admin (inactive, blocked, or a store switched off): nothing opens it. */
  disabled: boolean;
  /** The professional's life cycle (null for the other roles). */
  status: ProfessionalStatus | null;
  /** Signed up, but the e-mail is not confirmed yet: login sends a new link instead of a session. */
  awaitingEmail: boolean;
  /** The regulation version this participant accepted (admins accept none). */
  acceptedTermsVersion: number | null;
  storeName: string | null;
}

type By = { email: string } | { id: string };

// Who holds a session: only a confirmed, complete and active professional (login explains the other states), an
// active and confirmed shopkeeper of an active store, an active admin.
const professionalCanSignIn = (row: { behaviour: string; status: string }) =>
  row.behaviour === 'active' && row.status === 'active';
const shopkeeperEnabled = (userActive: boolean, storeActive: boolean) => userActive && storeActive;
const shopkeeperCanSignIn = (row: { active: boolean; storeActive: boolean; emailConfirmedAt: Date | null }) =>
  shopkeeperEnabled(row.active, row.storeActive) && row.emailConfirmedAt !== null;

async function findAdmins(db: Db, by: By): Promise<Account[]> {
  const rows = await db
    .select()
    .from(adminUsers)
    .where('email' in by ? eq(adminUsers.email, by.email) : eq(adminUsers.id, by.id));
  return rows.map((row) => ({
    ...row,
    role: 'admin',
    shopkeeperType: null,
    canSignIn: row.active,
    disabled: !row.active,
    status: null,
    awaitingEmail: false,
    acceptedTermsVersion: null,
    storeName: null,
  }));
}

async function findProfessionals(db: Db, by: By): Promise<Account[]> {
  const rows = await db
    .select()
    .from(professionals)
    .where('email' in by ? eq(professionals.email, by.email) : eq(professionals.id, by.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    passwordHash: row.passwordHash,
    profileImage: row.profileImage,
    tokenVersion: row.tokenVersion,
    role: 'professional',
    shopkeeperType: null,
    canSignIn: professionalCanSignIn(row),
    disabled: row.behaviour !== 'active',
    status: row.status,
    awaitingEmail: row.status === 'awaiting_email',
    acceptedTermsVersion: row.acceptedTermsVersion,
    storeName: null,
  }));
}

async function findShopkeepers(db: Db, by: By): Promise<Account[]> {
  const rows = await db
    .select({ user: storeUsers, storeActive: stores.active, storeName: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where('email' in by ? eq(storeUsers.email, by.email) : eq(storeUsers.id, by.id))
    .orderBy(stores.name);
  return rows.map(({ user, storeActive, storeName }) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    passwordHash: user.passwordHash,
    profileImage: user.profileImage,
    tokenVersion: user.tokenVersion,
    role: 'shopkeeper',
    shopkeeperType: user.shopkeeperType,
    canSignIn: shopkeeperCanSignIn({ ...user, storeActive }),
    disabled: !shopkeeperEnabled(user.active, storeActive),
    status: null,
    awaitingEmail: user.emailConfirmedAt === null,
    acceptedTermsVersion: user.acceptedTermsVersion,
    storeName,
  }));
}

const finders: Record<Role, (db: Db, by: By) => Promise<Account[]>> = {
  admin: findAdmins,
  professional: findProfessionals,
  shopkeeper: findShopkeepers,
};

/** What the guard reads of an account on every request. */
function sessionQueries(db: Db) {
  const id = sql.placeholder('id');
  return {
    admin: db
      .select({
        id: adminUsers.id,
        name: adminUsers.name,
        tokenVersion: adminUsers.tokenVersion,
        active: adminUsers.active,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, id))
      .prepare('session_admin'),
    professional: db
      .select({
        id: professionals.id,
        name: professionals.name,
        tokenVersion: professionals.tokenVersion,
        behaviour: professionals.behaviour,
        status: professionals.status,
      })
      .from(professionals)
      .where(eq(professionals.id, id))
      .prepare('session_professional'),
    shopkeeper: db
      .select({
        id: storeUsers.id,
        name: storeUsers.name,
        tokenVersion: storeUsers.tokenVersion,
        shopkeeperType: storeUsers.shopkeeperType,
        active: storeUsers.active,
        emailConfirmedAt: storeUsers.emailConfirmedAt,
        storeActive: stores.active,
      })
      .from(storeUsers)
      .innerJoin(stores, eq(stores.id, storeUsers.storeId))
      .where(eq(storeUsers.id, id))
      .prepare('session_shopkeeper'),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof sessionQueries>>();

/** The few columns a session check needs, by primary key, as prepared statements: the guard runs on every request. */
export async function findSessionAccount(db: Db, role: Role, id: string): Promise<SessionAccount | null> {
  // A token's subject is not trusted to be a uuid; PostgreSQL would raise on anything else.
  if (!isUuid(id)) return null;
  let queries = prepared.get(db);
  if (!queries) {
    queries = sessionQueries(db);
    prepared.set(db, queries);
  }
  if (role === 'admin') {
    const [row] = await queries.admin.execute({ id });
    return row ? { ...row, canSignIn: row.active, shopkeeperType: null } : null;
  }
  if (role === 'professional') {
    const [row] = await queries.professional.execute({ id });
    return row ? { ...row, canSignIn: professionalCanSignIn(row), shopkeeperType: null } : null;
  }
  const [row] = await queries.shopkeeper.execute({ id });
  return row ? { ...row, canSignIn: shopkeeperCanSignIn(row) } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Every account of a role under an e-mail: one professional at most, a shopkeeper account per store. */
export function findAccountsByEmail(db: Db, role: Role, email: string): Promise<Account[]> {
  return finders[role](db, { email: normalizeEmail(email) });
}

export async function findAccountById(db: Db, role: Role, id: string): Promise<Account | null> {
  // A token's subject is not trusted to be a uuid; PostgreSQL would raise on anything else.
  if (!isUuid(id)) return null;
  const [account] = await finders[role](db, { id });
  return account ?? null;
}

/** "role:id", the way a token lists the accounts that its login opened. */
export const accountRef = (account: { role: Role; id: string }) => `${account.role}:${account.id}`;
