import type { Profession } from '@especifica/mf-shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  adminUsers,
  dataRequests,
  ledgerEntries,
  levels,
  professionals,
  programmeSettings,
  stores,
  storeUsers,
} from '../db/schema';
import { withCnpjCheckDigits } from '../domain/cnpj';
import { erasedHashOf } from '../modules/privacy';
import { type Argon2Params, hashPassword } from '../security/passwords';
import { DEMO_LOGINS, DEMO_PASSWORD } from './logins';
import { seedAccounts } from './seed-accounts';

export { DEMO_LOGINS, DEMO_PASSWORD } from './logins';

export const DEMO_STORE_CNPJ = withCnpjCheckDigits('123456780001');

const demoLevels = [
  {
    name: 'Bronze',
    threshold: 0,
    benefits: 'Acesso ao extrato de pontos, ao catálogo de produtos participantes e às lojas parceiras.',
  },
  {
    name: 'Prata',
    threshold: 5_000_00,
    benefits: 'Tudo do Bronze, convites para eventos regionais e atendimento prioritário nas lojas parceiras.',
  },
  {
    name: 'Ouro',
    threshold: 15_000_00,
    benefits: 'Tudo do Prata, cursos e workshops exclusivos e acesso antecipado a lançamentos.',
  },
  {
    name: 'Diamante',
    threshold: 40_000_00,
    benefits: 'Tudo do Ouro, viagens técnicas, experiências premium e um consultor dedicado.',
  },
].map((level) => ({ ...level, sublevels: 3 }));

// Hundredths credited this year; Ana's add up to 8.250,50 points (Prata), Eduardo's to 1.200 (Bronze).
const demoCredits: Record<string, number[]> = {
  'ana@especifica.dev': [3_000_00, 4_000_00, 1_250_50],
  'eduardo@especifica.dev': [1_200_00],
  'sergio@especifica.dev': [300_00, 150_75],
  'carla@especifica.dev': [1_500_00],
};

const professions: Record<string, Profession> = {
  'ana@especifica.dev': 'Arquiteto',
  'eduardo@especifica.dev': 'Engenheiro',
  'marina@especifica.dev': 'Designer de Interiores',
  'paula@especifica.dev': 'Paisagista',
};

/**
 * The demo people whom the programme erased at their request (docs/privacy.md): recognised by the keyed hash of their
 * e-mail that the deletion keeps. Empty without the key.
 */
async function erasedDemoEmails(db: Db, secret: string | undefined): Promise<Set<string>> {
  if (!secret) return new Set();
  const byHash = new Map(DEMO_LOGINS.map((login) => [erasedHashOf(secret, 'email', login.email), login.email]));
  const rows = await db
    .select({ emailHash: dataRequests.emailHash })
    .from(dataRequests)
    .where(and(eq(dataRequests.state, 'done'), inArray(dataRequests.emailHash, [...byHash.keys()])));
  return new Set(rows.flatMap((row) => byHash.get(row.emailHash ?? '') ?? []));
}

/**
 * Demo data for a first look at the product: the demo's accounts, levels and credits. Safe to run again: a second run
 * adds what is missing and duplicates or overwrites nothing. With the key
 * of the erased people's hashes (`secret`, the server's), a demo person erased at their request is not brought back
 * by the next start: their e-mail is free once anonymised, and the seed would otherwise sign them up again.
 */
export async function seedDemo(db: Db, argon2: Argon2Params, secret?: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, argon2);
  const erased = await erasedDemoEmails(db, secret);
  const byRole = (role: string) => DEMO_LOGINS.filter((login) => login.role === role && !erased.has(login.email));
  // People, and points, a millisecond apart in the order written, as a real programme's sign-ups and credits are:
  // lists order what was written at one instant by random ids, which would change it on each new demo.
  const writtenAt = Date.now();
  const createdAt = (index: number) => new Date(writtenAt + index);

  await db.transaction(async (tx) => {
    await tx.insert(levels).values(demoLevels).onConflictDoNothing();
    // The demo shows the automatic review at work (domain: off in a new programme, on in the demo).
    await tx.insert(programmeSettings).values({ id: 1, autoReview: true }).onConflictDoNothing();

    await tx
      .insert(adminUsers)
      .values(byRole('admin').map(({ name, email }, i) => ({ name, email, passwordHash, createdAt: createdAt(i) })))
      .onConflictDoNothing();

    const professionalRows = byRole('professional').map(({ name, email }, i) => ({
      createdAt: createdAt(i),
      name,
      email,
      passwordHash,
      profession: professions[email] ?? null,
      status: 'active' as const,
    }));
    await tx.insert(professionals).values(professionalRows).onConflictDoNothing();

    await tx.insert(stores).values({ cnpj: DEMO_STORE_CNPJ, name: 'Casa & Acabamento Demo' }).onConflictDoNothing();
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
    if (!store) throw new Error('The demo store was not created.');
    const shopkeeperRows = byRole('shopkeeper').map(({ name, email, shopkeeperType }, i) => ({
      createdAt: createdAt(i),
      name,
      email,
      passwordHash,
      storeId: store.id,
      shopkeeperType: shopkeeperType ?? ('seller' as const),
    }));
    await tx.insert(storeUsers).values(shopkeeperRows).onConflictDoNothing();
    await seedAccounts(tx);

    const emails = Object.keys(demoCredits);
    const participants = [
      ...(
        await tx
          .select({ id: professionals.id, email: professionals.email })
          .from(professionals)
          .where(inArray(professionals.email, emails))
      ).map((row) => ({ ...row, kind: 'professional' as const })),
      ...(
        await tx
          .select({ id: storeUsers.id, email: storeUsers.email })
          .from(storeUsers)
          .where(inArray(storeUsers.email, emails))
      ).map((row) => ({ ...row, kind: 'shopkeeper' as const })),
    ];
    const entries = participants.flatMap((participant) =>
      (demoCredits[participant.email] ?? []).map((amount, i) => ({
        createdAt: createdAt(i),
        participantKind: participant.kind,
        participantId: participant.id,
        amount,
        kind: 'credit' as const,
        sourceType: 'seed',
        sourceId: `demo-${participant.email}-${i + 1}`,
        issuer: 'seed',
        reason: 'Pontos de demonstração',
      })),
    );
    // The unique source key turns a second run into a no-op instead of a second credit.
    if (entries.length > 0) await tx.insert(ledgerEntries).values(entries).onConflictDoNothing();
  });
}
