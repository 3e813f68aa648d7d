import type { Role, ShopkeeperType } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers, professionals, stores, storeUsers } from '../../db/schema';

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
  /** The regulation version this participant accepted (admins accept none). */
  acceptedTermsVersion: number | null;
  storeName: string | null;
}

type By = { email: string } | { id: string };

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
    // Only a confirmed, complete and active professional holds a session; login explains the other states.
    canSignIn: row.behaviour === 'active' && row.status === 'active',
    disabled: row.behaviour !== 'active',
    status: row.status,
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
    canSignIn: user.active && storeActive,
    disabled: !(user.active && storeActive),
    status: null,
    acceptedTermsVersion: user.acceptedTermsVersion,
    storeName,
  }));
}

const finders: Record<Role, (db: Db, by: By) => Promise<Account[]>> = {
  admin: findAdmins,
  professional: findProfessionals,
  shopkeeper: findShopkeepers,
};

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
