import {
  type ConsentChannel,
  type ConsentPurpose,
  type MarketingPurpose,
  PRIVACY_POLICY_VERSION,
  privacyMessages,
  type UpdateConsentBody,
} from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentRecords, professionals } from '../../db/schema';
import { keyedHash } from '../../security/keyed-hash';
import { type ConsentSubject, marketingConsentsOf } from './queries';

/** Where a consent came from: the channel, and the IP as the request saw it (hashed before it is kept). */
export interface ConsentContext {
  channel: ConsentChannel;
  ip: string | null;
  /** The key of the IP's hash (the API's secret): a kept hash cannot be reversed by trying every address. */
  secret: string;
}

/** The context of a request: its IP as Fastify reads it (behind nginx, the client's), and the API's secret. */
export const consentContextOf = (request: { ip: string }, secret: string, channel: ConsentChannel): ConsentContext => ({
  channel,
  ip: request.ip || null,
  secret,
});

/** A keyed hash of the IP: the same address gives the same hash, and nobody without the key can tell which. */
export const ipHashOf = (secret: string, ip: string | null) => (ip ? keyedHash(secret, 'consent-ip', ip) : null);

/** Writes consent records in the caller's transaction: they are part of the change that gave them. */
export async function recordConsents(
  tx: Db,
  subjects: ConsentSubject[],
  entries: { purpose: ConsentPurpose; version?: number | null; given: boolean }[],
  context: ConsentContext,
) {
  if (subjects.length === 0 || entries.length === 0) return;
  const ipHash = ipHashOf(context.secret, context.ip);
  await tx.insert(consentRecords).values(
    subjects.flatMap((subject) =>
      entries.map((entry) => ({
        subjectKind: subject.kind,
        subjectId: subject.id,
        purpose: entry.purpose,
        version: entry.version ?? null,
        given: entry.given,
        channel: context.channel,
        ipHash,
      })),
    ),
  );
}

/**
 * A sign-up's checkboxes: the regulation in force and the privacy policy (one box accepts both), and, where the form
 * asks it, "receive e-mails and messages" on both marketing channels.
 */
export function signUpConsents(termsVersion: number | null, marketing?: boolean) {
  return [
    ...(termsVersion === null ? [] : [{ purpose: 'regulation' as const, version: termsVersion, given: true }]),
    { purpose: 'privacy-policy' as const, version: PRIVACY_POLICY_VERSION, given: true },
    ...(marketing === undefined
      ? []
      : (['marketing-email', 'marketing-whatsapp'] as const).map((purpose) => ({ purpose, given: marketing }))),
  ];
}

/**
 * A marketing channel switched (from /privacy or the profile): a record when it changes the current choice, none
 * when it repeats it. The professional's `accept_receive_email` follows the e-mail channel (what mailings read).
 */
export async function changeMarketingConsent(
  db: Db,
  subject: ConsentSubject,
  body: { purpose: MarketingPurpose; given: boolean },
  context: ConsentContext,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const current = (await marketingConsentsOf(tx, subject)).find((consent) => consent.purpose === body.purpose);
    if (current?.given === body.given && current.at !== null) return { changed: false };
    await recordConsents(tx, [subject], [body], context);
    if (subject.kind === 'professional' && body.purpose === 'marketing-email') {
      await tx.update(professionals).set({ acceptReceiveEmail: body.given }).where(eq(professionals.id, subject.id));
    }
    return { changed: true };
  });
}

export async function updateConsent(db: Db, subject: ConsentSubject, body: UpdateConsentBody, context: ConsentContext) {
  await changeMarketingConsent(db, subject, body, context);
  return { msg: body.given ? privacyMessages.consentGiven : privacyMessages.consentWithdrawn };
}
