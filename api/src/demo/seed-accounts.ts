import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { professionals, storeUsers, termsVersions } from '../db/schema';
import { DEMO_LOGINS, DEMO_PENDING_TERMS } from './logins';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const demoTerms = [
  {
    version: 1,
    title: 'Regulamento do Programa Especifica (versão 1)',
    content:
      'O Especifica é um programa de relacionamento para profissionais de arquitetura, engenharia e design de interiores e para lojistas parceiros. Os pontos são creditados a partir das notas fiscais de produtos participantes comprados nas lojas parceiras.',
  },
  {
    version: 2,
    title: 'Regulamento do Programa Especifica (versão 2)',
    content: [
      '1. O Especifica é um programa de relacionamento para profissionais de arquitetura, engenharia e design de interiores e para lojistas parceiros.',
      '2. O profissional acumula 1 ponto a cada R$ 1,00 em produtos participantes das notas fiscais de compras feitas nas lojas parceiras em que for indicado.',
      '3. Os pontos valem por 24 meses a partir do crédito e podem ser usados em experiências, cursos e benefícios do programa.',
      '4. O nível do participante é calculado pelos pontos acumulados no ciclo (o ano civil).',
      '5. Dados pessoais são tratados conforme a Lei Geral de Proteção de Dados e a Política de Privacidade.',
    ].join('\n\n'),
  },
];

/** The regulation, and the account states of the demo people (confirmed, terms accepted or pending). */
export async function seedAccounts(tx: Tx): Promise<void> {
  await tx.insert(termsVersions).values(demoTerms).onConflictDoNothing();
  const current = Math.max(...demoTerms.map((terms) => terms.version));
  const emails = [...new Set(DEMO_LOGINS.filter((login) => login.role !== 'admin').map((login) => login.email))];
  const upToDate = emails.filter((email) => !DEMO_PENDING_TERMS.includes(email));
  // Only accounts that accepted nothing yet: a second run never undoes what a person did since.
  await tx
    .update(professionals)
    .set({ acceptedTermsVersion: current, emailConfirmedAt: new Date() })
    .where(and(inArray(professionals.email, upToDate), isNull(professionals.acceptedTermsVersion)));
  await tx
    .update(storeUsers)
    .set({ acceptedTermsVersion: current })
    .where(and(inArray(storeUsers.email, upToDate), isNull(storeUsers.acceptedTermsVersion)));
  for (const email of DEMO_PENDING_TERMS) {
    await tx
      .update(professionals)
      .set({ acceptedTermsVersion: 1, emailConfirmedAt: new Date() })
      .where(and(eq(professionals.email, email), isNull(professionals.acceptedTermsVersion)));
  }
  await seedConsents(tx);
}

/**
 * The consent records of the demo people (`emails`: never anybody else's), as a programme that kept them from the start
 * has (docs/privacy.md): at sign-up the first regulation and the privacy policy, and for professionals marketing by
 * e-mail if they ticked it (none by WhatsApp; a shopkeeper's sign-up asks none), and the second regulation accepted at
 * a later login. Only for accounts with no record yet.
 */
export async function seedConsents(tx: Tx, emails: readonly string[] = DEMO_LOGINS.map((login) => login.email)) {
  for (const [kind, table] of [
    ['professional', 'professionals'],
    ['shopkeeper', 'store_users'],
  ] as const) {
    const marketing = kind === 'professional' ? sql`a.accept_receive_email` : sql`false`;
    await tx.execute(sql`
      INSERT INTO consent_records (subject_kind, subject_id, purpose, version, given, channel, created_at)
      SELECT ${kind}, a.id, r.purpose::consent_purpose, r.version, r.given, r.channel::consent_channel, r.at
      FROM ${sql.identifier(table)} a
      CROSS JOIN LATERAL (VALUES
        ('regulation', 1, true, 'sign-up', a.created_at - interval '1 minute'),
        ('privacy-policy', 1, true, 'sign-up', a.created_at - interval '1 minute'),
        ('marketing-email', NULL, ${marketing}, 'sign-up', a.created_at - interval '1 minute'),
        ('marketing-whatsapp', NULL, false, 'sign-up', a.created_at - interval '1 minute'),
        ('regulation', a.accepted_terms_version, true, 'terms-prompt', a.created_at)
      ) AS r(purpose, version, given, channel, at)
      WHERE a.email IN (${sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      )})
        AND (${kind} = 'professional' OR r.purpose NOT LIKE 'marketing-%')
        AND a.accepted_terms_version IS NOT NULL
        AND (r.channel = 'sign-up' OR a.accepted_terms_version > 1)
        AND NOT EXISTS (SELECT 1 FROM consent_records c WHERE c.subject_kind = ${kind} AND c.subject_id = a.id)`);
  }
}
