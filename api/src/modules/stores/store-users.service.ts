import { approvalMessages, storeMessages } from '@especifica/mf-shared/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { professionals, storeInvites, stores, storeUsers } from '../../db/schema';
import { audit, updateAudited } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { ListPageQuery } from '../../kernel/list';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import type { MailMessage } from '../../mail/mailer';
import { issuerOf } from '../ledger';
import { findStore, type InviteSort, invitesPage, storeUserById } from './queries';

const storeUserNotFound = () => fail.notFound('Usuário da loja não encontrado.');

function storeUserEmailTaken(error: unknown): never {
  if (isUniqueViolation(error))
    throw fail.conflict('Este e-mail já é usado por outro usuário desta loja.', 'email-taken');
  throw error;
}

export interface StoreUserChanges {
  name?: string;
  email?: string;
  shopkeeperType?: 'seller' | 'manager' | 'consultant';
  active?: boolean;
}

/** An admin changes a store user (audited); deactivating or a new sign-in e-mail ends the open sessions. */
export async function updateStoreUser(db: Db, actor: Principal, id: string, changes: StoreUserChanges) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeUsers).where(eq(storeUsers.id, id));
    if (!before) throw storeUserNotFound();
    const revoke = changes.active === false || (changes.email && changes.email !== before.email);
    await updateAudited(tx, actor, { table: storeUsers, entity: 'store-user', refuse: storeUserEmailTaken }, before, {
      ...changes,
      ...(revoke ? { tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
    });
  });
  const [item] = await storeUserById(db, id);
  if (!item) throw storeUserNotFound();
  return item;
}

export type ApprovalDecision = 'approved' | 'refused';

/** What the shopkeeper is told of the decision, in the app and by e-mail. */
const decisionNotice = {
  approved: {
    title: 'Cadastro aprovado',
    message: (store: string) =>
      `Seu cadastro de lojista na ${store} foi aprovado. Agora você pode registrar vendas, enviar arquivos, convidar profissionais e ver o ranking.`,
  },
  refused: {
    title: 'Cadastro recusado',
    message: (store: string) =>
      `Seu cadastro de lojista na ${store} foi recusado. Se achar que é um engano, fale com a sua loja.`,
  },
} as const;

function decisionMail(to: string, name: string, text: string, title: string): MailMessage {
  return {
    to,
    subject: `${title} no Especifica`,
    text: `Olá, ${name}!\n\n${text}\n`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>${escapeHtml(text)}</p>`,
  };
}

/**
 * The decision on a shopkeeper who signed up alone (domain: shopkeeper accounts), by an admin or by a manager of
 * the same store (`storeId` then limits it to that store). A refusal also closes the account and ends its
 * sessions. The shopkeeper is notified and e-mailed; the audit names who decided.
 */
export async function decideApproval(
  deps: Pick<ProgrammeDeps, 'db' | 'mailer'>,
  actor: Principal,
  id: string,
  approval: ApprovalDecision,
  scope: { storeId: string } | null = null,
) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ user: storeUsers, storeName: stores.name })
      .from(storeUsers)
      .innerJoin(stores, eq(stores.id, storeUsers.storeId))
      .where(eq(storeUsers.id, id));
    if (!before) throw storeUserNotFound();
    if (scope && before.user.storeId !== scope.storeId) {
      throw fail.forbidden(approvalMessages.otherStore, 'approval-other-store');
    }
    if (before.user.approval !== 'pending') throw fail.conflict(approvalMessages.notPending, 'approval-decided');
    const refused = approval === 'refused';
    const [after] = await tx
      .update(storeUsers)
      .set({
        approval,
        ...(refused ? { active: false, tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(storeUsers.id, id), eq(storeUsers.approval, 'pending')))
      .returning();
    if (!after) throw fail.conflict(approvalMessages.notPending, 'approval-decided');
    await audit(tx, actor, {
      action: approval === 'approved' ? 'approve' : 'refuse',
      entity: 'store-user',
      entityId: id,
      before: { approval: before.user.approval, active: before.user.active },
      after: { approval: after.approval, active: after.active },
    });
    const notice = decisionNotice[approval];
    await notify(tx, [{ kind: 'shopkeeper', id }], {
      type: `shopkeeper-${approval}`,
      title: notice.title,
      message: notice.message(before.storeName),
    });
    await deps.mailer.enqueue(
      tx,
      decisionMail(after.email, after.name, notice.message(before.storeName), notice.title),
    );
  });
  const [item] = await storeUserById(db, id);
  if (!item) throw storeUserNotFound();
  return { msg: approval === 'approved' ? approvalMessages.approved : approvalMessages.refused, item };
}

export function storeInvitesPage(
  deps: Pick<ProgrammeDeps, 'db' | 'publicUrl'>,
  filters: SQL | undefined,
  query: ListPageQuery<InviteSort>,
) {
  return invitesPage(deps.db, deps.publicUrl, filters, query);
}

const inviteRecentlySent =
  'Este e-mail já recebeu um convite desta loja nas últimas 24 horas; um novo convite poderá ser enviado amanhã.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A store invites a professional by e-mail (domain: stores invite professionals), at most once a day each. */
export async function inviteToStore(
  deps: Pick<ProgrammeDeps, 'db' | 'mailer' | 'publicUrl'>,
  principal: Principal,
  form: { storeId: string; email: string; name: string },
) {
  const { db } = deps;
  const store = await findStore(db, form.storeId);
  if (!store.active) throw fail.invalid('Esta loja está inativa e não pode convidar.', 'store-inactive');
  // Somebody already in the programme needs no invite: the answer says so beside the e-mail, and nothing is sent.
  const [member] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(and(eq(professionals.email, form.email.toLowerCase()), eq(professionals.status, 'active')));
  if (member) {
    throw fail.conflict(storeMessages.alreadyMember, 'invite-member', [
      { field: 'email', message: storeMessages.alreadyMember },
    ]);
  }
  // An address invited by this store within a day is not written to again: the answer says so, and no e-mail
  // goes, so that inviting cannot be used to flood somebody's mailbox.
  const { sent, item } = await db.transaction(async (tx) => {
    const sent = await tx
      .insert(storeInvites)
      .values({ ...form, invitedBy: issuerOf(principal) })
      .onConflictDoUpdate({
        target: [storeInvites.storeId, storeInvites.email],
        set: { name: form.name, invitedBy: issuerOf(principal), createdAt: new Date() },
        setWhere: sql`${storeInvites.createdAt} < now() - interval '1 day'`,
      })
      .returning({ id: storeInvites.id });
    const where = and(eq(storeInvites.storeId, form.storeId), eq(storeInvites.email, form.email));
    const [item] = (await invitesPage(tx, deps.publicUrl, where, { limit: 1, page: 1 })).items;
    if (!item) throw new Error('invite not saved');
    // Only the programme's words and the store's registered name: the name the sender typed for the invitee is
    // free text, which an e-mail must not carry as if the programme said it.
    if (sent.length > 0) {
      await deps.mailer.enqueue(tx, {
        to: form.email,
        subject: `${store.name} convida você para o Especifica`,
        text: `Olá!\n\n${store.name} convida você para o Especifica, o programa de pontos para profissionais de arquitetura, engenharia e design de interiores.\n\nCadastre-se em: ${item.signUpUrl}\n`,
        html: `<p>Olá!</p><p>${escapeHtml(store.name)} convida você para o Especifica, o programa de pontos para profissionais de arquitetura, engenharia e design de interiores.</p><p><a href="${escapeHtml(item.signUpUrl)}">Cadastre-se</a></p>`,
      });
    }
    return { sent, item };
  });
  if (sent.length === 0) return { msg: inviteRecentlySent, item };
  if (principal.role === 'admin') {
    await audit(db, principal, { action: 'invite', entity: 'store-invite', entityId: item.id, after: item });
  }
  return { msg: 'Profissional convidado com sucesso!', item };
}
