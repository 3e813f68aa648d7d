import type { Role } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import { adminUsers, professionals, storeUsers } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { storageKeyFor, type UploadedFile } from '../../kernel/uploads';
import { isStorageKey } from '../../storage';

const PUBLIC_PREFIX = '/api/files/';
const tables = { admin: adminUsers, professional: professionals, shopkeeper: storeUsers } as const;

/** Replaces a person's picture; the old file goes once the new one is recorded. Returns the new picture's address. */
/** The storage key of a profile picture's address, or null for none (or one not of our storage). */
export function avatarKeyOf(profileImage: string | null): string | null {
  const key = profileImage?.startsWith(PUBLIC_PREFIX) ? profileImage.slice(PUBLIC_PREFIX.length) : null;
  return key && isStorageKey(key) ? key : null;
}

export async function setProfileImage(
  deps: Pick<AccountDeps, 'db' | 'storage'>,
  role: Role,
  id: string,
  file: UploadedFile,
): Promise<string> {
  const key = storageKeyFor('avatars', file.kind);
  await deps.storage.put(key, file.data);
  const table = tables[role];
  const url = `${PUBLIC_PREFIX}${key}`;
  try {
    const [before] = await deps.db.select({ profileImage: table.profileImage }).from(table).where(eq(table.id, id));
    if (!before) throw fail.invalidId();
    await deps.db.update(table).set({ profileImage: url }).where(eq(table.id, id));
    const old = avatarKeyOf(before.profileImage);
    if (old) await deps.storage.delete(old).catch(() => undefined);
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return url;
}
