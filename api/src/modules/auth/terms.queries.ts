import type { Terms } from '@especifica/mf-shared/contracts';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsVersions } from '../../db/schema';

/** The current regulation: the highest version published so far, or null before the first. */
export async function currentTerms(db: Db): Promise<Terms | null> {
  const [row] = await db
    .select({ version: termsVersions.version, title: termsVersions.title, content: termsVersions.content })
    .from(termsVersions)
    .orderBy(desc(termsVersions.version))
    .limit(1);
  return row ?? null;
}

/** Admins accept no regulation; a participant must hold the current version to enter. */
export function needsTerms(account: { role: string; acceptedTermsVersion: number | null }, terms: Terms | null) {
  return account.role !== 'admin' && terms !== null && (account.acceptedTermsVersion ?? 0) < terms.version;
}
