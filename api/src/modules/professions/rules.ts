import { defaultRules, type MyRules, professionRuleMessages, professions } from '@especifica/mf-shared/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionals, professionRules } from '../../db/schema';
import { fail } from '../../kernel/errors';

// The programme's rules per profession (domain.md, "Rules per profession"), read where they apply: a profession
// without a row follows the defaults. docs/privacy.md, "Rules per profession".

type Row = typeof professionRules.$inferSelect;

const rulesOfRow = (row: Row | undefined, profession: string | null = row?.profession ?? null): MyRules =>
  row
    ? {
        profession,
        earns: row.earns as MyRules['earns'],
        experiences: row.experiences as MyRules['experiences'],
        levels: row.levels,
        clientDisclosure: row.clientDisclosure,
        text: row.text,
      }
    : { ...defaultRules, profession };

/** Every profession of the sign-up's list, in its order, with its rules and who last changed them. */
export async function allRules(db: Db) {
  const rows = new Map((await db.select().from(professionRules)).map((row) => [row.profession, row]));
  return professions.map((profession) => {
    const row = rows.get(profession);
    return {
      ...rulesOfRow(row, profession),
      profession,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}

export async function rulesOfProfession(db: Db, profession: string | null): Promise<MyRules> {
  if (!profession) return { ...defaultRules };
  const [row] = await db.select().from(professionRules).where(eq(professionRules.profession, profession));
  return rulesOfRow(row, profession);
}

/** The rules a professional is under now (those of their profession as stored on their account). */
export async function rulesOfProfessional(db: Db, professionalId: string): Promise<MyRules> {
  const [row] = await db
    .select({ profession: professionals.profession, rule: professionRules })
    .from(professionals)
    .leftJoin(professionRules, eq(professionRules.profession, professionals.profession))
    .where(eq(professionals.id, professionalId));
  return rulesOfRow(row?.rule ?? undefined, row?.profession ?? null);
}

/** True where a professional of `profession` (their column, or a value) earns nothing by the profession's rules. */
export const earnsNothing = (profession: SQL | typeof professionals.profession) => sql`exists (
  select 1 from ${professionRules} rr where rr.profession = ${profession} and rr.earns = 'nothing')`;

/**
 * True where an invoice (the columns of the `invoices` alias given) waits for its professional's declaration: their
 * profession asks the client to be told, no declaration was made, the buyer is not the professional, and the buyer
 * is not a registered customer who received the programme's notice and did not object.
 */
export const awaitingDisclosure = (invoice: string) =>
  sql.raw(`(
  ${invoice}.disclosed_at is null
  and exists (
    select 1 from professionals dp join profession_rules dr on dr.profession = dp.profession
    where dp.id = ${invoice}.professional_id and dr.client_disclosure
      and ${invoice}.customer_cpf is distinct from dp.cpf)
  and not exists (
    select 1 from customer_notices dn join customers dc on dc.id = dn.customer_id
    where dn.customer_id = ${invoice}.customer_id and dn.objected_at is null and dc.objected_at is null))`);

/** Refuses (422) a credit to a professional whose profession earns nothing: a campaign taken by QR code, an adjustment. */
export async function refuseEarningNothing(
  db: Db,
  professionalId: string,
  message: string = professionRuleMessages.youEarnNothing,
) {
  const rules = await rulesOfProfessional(db, professionalId);
  if (rules.earns === 'nothing') throw fail.invalid(message, 'profession-earns-nothing');
}

/** Whether the professional takes part in experiences with no cost in points and no minimum level. */
export const experiencesOpen = async (db: Db, professionalId: string) =>
  (await rulesOfProfessional(db, professionalId)).experiences === 'open';
