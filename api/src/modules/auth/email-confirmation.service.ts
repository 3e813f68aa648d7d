import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailConfirmations, professionals, storeUsers } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { confirmEmailMail, welcomeMail } from '../../mail/templates';

const LINK_TTL_MS = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

type Deps = Pick<AccountDeps, 'db' | 'mailer' | 'config' | 'now'>;

/** The accounts that confirm their e-mail: professionals, and shopkeepers who signed up alone. */
export type ConfirmingRole = 'professional' | 'shopkeeper';

/** A new single-use link, e-mailed; the token itself is never stored. */
export async function sendConfirmation(
  deps: Deps,
  account: { id: string; name: string; email: string },
  role: ConfirmingRole = 'professional',
) {
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/email-confirm?id=${encodeURIComponent(token)}`;
  // The link and its e-mail are written together: neither exists without the other.
  await deps.db.transaction(async (tx) => {
    await tx.insert(emailConfirmations).values({
      ...(role === 'professional' ? { professionalId: account.id } : { storeUserId: account.id }),
      tokenHash: hashToken(token),
      expiresAt: new Date(deps.now().getTime() + LINK_TTL_MS),
    });
    await deps.mailer.enqueue(tx, confirmEmailMail(account.email, account.name, link));
  });
}

const invalidLink = () =>
  fail.badRequest('Erro ao validar e-mail, por favor tente novamente.', 'email-confirm-invalid');

type Tx = Parameters<Parameters<Deps['db']['transaction']>[0]>[0];

/** What confirming does to each kind of account; answers whether the account became active by it. */
interface Holder {
  name: string;
  email: string;
  confirmed: boolean;
  confirm(tx: Tx, now: Date): Promise<boolean>;
}

async function holderOf(deps: Deps, link: typeof emailConfirmations.$inferSelect): Promise<Holder | null> {
  if (link.professionalId) {
    const [professional] = await deps.db.select().from(professionals).where(eq(professionals.id, link.professionalId));
    if (!professional) return null;
    return {
      name: professional.name,
      email: professional.email,
      confirmed: professional.emailConfirmedAt !== null,
      async confirm(tx, now) {
        const [updated] = await tx
          .update(professionals)
          .set({
            emailConfirmedAt: now,
            ...(professional.status === 'awaiting_email' ? { status: 'active' as const } : {}),
          })
          .where(eq(professionals.id, professional.id))
          .returning({ status: professionals.status });
        return updated?.status === 'active' && professional.status === 'awaiting_email';
      },
    };
  }
  if (!link.storeUserId) return null;
  const [shopkeeper] = await deps.db.select().from(storeUsers).where(eq(storeUsers.id, link.storeUserId));
  if (!shopkeeper) return null;
  return {
    name: shopkeeper.name,
    email: shopkeeper.email,
    confirmed: shopkeeper.emailConfirmedAt !== null,
    async confirm(tx, now) {
      const [updated] = await tx
        .update(storeUsers)
        .set({ emailConfirmedAt: now })
        .where(and(eq(storeUsers.id, shopkeeper.id), isNull(storeUsers.emailConfirmedAt)))
        .returning({ id: storeUsers.id });
      return updated !== undefined;
    },
  };
}

/**
 * Validates the link's token once; the account awaiting confirmation becomes active and gets the welcome e-mail.
 * A second use of a link whose e-mail is already confirmed is answered as a success, since a person may open the
 * same e-mail twice.
 */
export async function validateEmail(deps: Deps, token: string): Promise<void> {
  const now = deps.now();
  const [link] = await deps.db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, hashToken(token)));
  if (!link) throw invalidLink();
  const holder = await holderOf(deps, link);
  if (!holder) throw invalidLink();
  if (link.usedAt) {
    if (holder.confirmed) return;
    throw invalidLink();
  }
  if (link.expiresAt <= now) throw invalidLink();

  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.id, link.id),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
        ),
      )
      .returning({ id: emailConfirmations.id });
    if (claimed && (await holder.confirm(tx, now))) {
      await deps.mailer.enqueue(tx, welcomeMail(holder.email, holder.name, `${deps.config.publicUrl}/login`));
    }
  });
}
