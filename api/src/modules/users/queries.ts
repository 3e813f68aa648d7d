import type { CmsUsersQuery } from '@especifica/mf-shared/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers } from '../../db/schema';
import { fail } from '../../kernel/errors';
import { listPage } from '../../kernel/list';

export type AdminRow = typeof adminUsers.$inferSelect;

export const cmsUserOut = (row: AdminRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  active: row.active,
  profileImage: row.profileImage,
  createdAt: row.createdAt.toISOString(),
});

export function cmsUsersPage(db: Db, query: CmsUsersQuery) {
  return listPage(
    query,
    {
      rows: db.select().from(adminUsers).$dynamic(),
      count: db.select({ total: count() }).from(adminUsers).$dynamic(),
      where: [query.active !== undefined ? eq(adminUsers.active, query.active) : undefined],
      search: [adminUsers.name, adminUsers.email],
      order: [adminUsers.name, adminUsers.id],
      sortable: { name: adminUsers.name, email: adminUsers.email, createdAt: adminUsers.createdAt },
      id: adminUsers.id,
    },
    cmsUserOut,
  );
}

/** The signed-in admin's own row (an account removed since the token was issued is an invalid id). */
export async function ownAdmin(db: Db, id: string): Promise<AdminRow> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!row) throw fail.invalidId();
  return row;
}
