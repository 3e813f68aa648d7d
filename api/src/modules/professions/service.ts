import { type ProfessionRule, professionRuleMessages } from '@especifica/mf-shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { invoices, notifications, professionals, professionRules } from '../../db/schema';
import { audit } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { allRules, awaitingDisclosure } from './rules';

const same = (a: ProfessionRule, b: ProfessionRule) =>
  a.earns === b.earns &&
  a.experiences === b.experiences &&
  a.levels === b.levels &&
  a.clientDisclosure === b.clientDisclosure &&
  a.text === b.text;

/** The notice a professional of a changed profession receives: what the rules are now, in plain words. */
export function rulesChangedNotice(profession: string, rule: ProfessionRule) {
  const parts = [
    rule.earns === 'points'
      ? 'suas compras especificadas acumulam pontos'
      : 'suas compras especificadas não acumulam pontos',
    rule.experiences === 'open'
      ? 'as experiências são abertas, sem custo em pontos, conforme as vagas'
      : 'as experiências são resgatadas com pontos',
  ];
  if (rule.clientDisclosure) parts.push('uma nota fiscal só conta depois que o cliente foi informado');
  return {
    type: 'profession-rules-changed',
    title: 'As regras da sua profissão mudaram',
    message: `As regras do programa para ${profession} mudaram: ${parts.join('; ')}. Veja o regulamento.`,
    data: { profession },
  };
}

/**
 * An admin's edit of the rules: each changed profession's row is written, audited (before and after) and its
 * professionals notified in one statement however many they are. It applies from now and never rewrites the ledger.
 * Answers the professions that changed.
 */
export async function updateRules(db: Db, actor: Principal, items: readonly ProfessionRule[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = new Map((await allRules(tx)).map((rule) => [rule.profession, rule]));
    const changed: string[] = [];
    for (const item of items) {
      const was = before.get(item.profession);
      if (was && same(was, item)) continue;
      changed.push(item.profession);
      const values = { ...item, updatedBy: `${actor.role}:${actor.id}`, updatedAt: new Date() };
      await tx
        .insert(professionRules)
        .values(values)
        .onConflictDoUpdate({ target: professionRules.profession, set: values });
      await audit(tx, actor, {
        action: 'update-profession-rules',
        entity: 'profession-rules',
        entityId: null,
        before: was ? strip(was) : null,
        after: item,
      });
      const notice = rulesChangedNotice(item.profession, item);
      // Everyone of the profession but the anonymised (docs/privacy.md: their e-mail is a placeholder).
      await tx.execute(sql`
        insert into ${notifications} (recipient_kind, recipient_id, type, title, message, data)
        select 'professional'::recipient_kind, ${professionals.id}, ${notice.type}, ${notice.title}, ${notice.message},
               ${JSON.stringify(notice.data)}::jsonb
        from ${professionals}
        where ${professionals.profession} = ${item.profession} and ${professionals.email} not like '%@removido.invalid'`);
    }
    return changed;
  });
}

const strip = ({
  updatedAt: _at,
  updatedBy: _by,
  ...rule
}: ProfessionRule & { updatedAt: unknown; updatedBy: unknown }) => rule;

/**
 * A professional's declaration that the buyer of their pending invoice was told (client disclosure): recorded with its
 * instant and audited. Another's invoice is 404; one that waits for nothing (declared, told, decided) is 409.
 */
export async function declareDisclosure(db: Db, principal: Principal, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.professionalId, principal.id)));
    if (!own) throw fail.notFound('Nota fiscal não encontrada.');
    const changed = await tx.execute(sql`
      update invoices i set disclosed_at = ${now.toISOString()}::timestamptz
      where i.id = ${id} and i.status = 'pending' and ${awaitingDisclosure('i')}
      returning i.id`);
    if (rowsOf(changed).length === 0) throw fail.conflict(professionRuleMessages.notAwaiting, 'not-awaiting');
    await audit(tx, principal, {
      action: 'invoice-disclosure-declared',
      entity: 'invoice',
      entityId: id,
      before: { disclosedAt: null },
      after: { disclosedAt: now.toISOString() },
    });
  });
}
