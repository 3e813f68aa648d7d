import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailConfirmations, professionals } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { confirmEmailMail, welcomeMail } from '../../mail/templates';

const LINK_TTL_MS = 7 * 24 * 3600 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

type Deps = Pick<AccountDeps, 'db' | 'mailer' | 'config' | 'now'>;

/** A new single-use link, e-mailed; the token itself is never stored. */
export async function sendConfirmation(deps: Deps, professional: { id: string; name: string; email: string }) {
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(emailConfirmations).values({
    professionalId: professional.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + LINK_TTL_MS),
  });
  const link = `${deps.config.publicUrl}/email-confirm?id=${encodeURIComponent(token)}`;
  deps.mailer.enqueue(confirmEmailMail(professional.email, professional.name, link));
}

const invalidLink = () =>
  fail.badRequest('Erro ao validar e-mail, por favor tente novamente.', 'email-confirm-invalid');

/**
 * Validates the link's token once; the professional awaiting confirmation becomes active and gets the welcome
 * e-mail. A second use of a link whose e-mail is already confirmed is answered as a success, since a person may
 * open the same e-mail twice.
 */
export async function validateEmail(deps: Deps, token: string): Promise<void> {
  const now = deps.now();
  const [link] = await deps.db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.tokenHash, hashToken(token)));
  if (!link) throw invalidLink();
  const [professional] = await deps.db.select().from(professionals).where(eq(professionals.id, link.professionalId));
  if (!professional) throw invalidLink();
  if (link.usedAt) {
    if (professional.emailConfirmedAt) return;
    throw invalidLink();
  }
  if (link.expiresAt <= now) throw invalidLink();

  const activated = await deps.db.transaction(async (tx) => {
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
    if (!claimed) return false;
    const [updated] = await tx
      .update(professionals)
      .set({
        emailConfirmedAt: now,
        ...(professional.status === 'awaiting_email' ? { status: 'active' as const } : {}),
      })
      .where(eq(professionals.id, professional.id))
      .returning({ status: professionals.status });
    return updated?.status === 'active' && professional.status === 'awaiting_email';
  });
  if (activated) {
    deps.mailer.enqueue(welcomeMail(professional.email, professional.name, `${deps.config.publicUrl}/login`));
  }
}
