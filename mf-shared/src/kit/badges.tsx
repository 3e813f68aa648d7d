import { Badge } from '@chakra-ui/react';
import { type ColorPalette, useTranslation } from '@especifica/mf-shared/ui';

/**
 * Every state a badge shows, by concept, with its one palette: the same state looks the same in every remote and in
 * every place (a list's row, a card, a drawer). A state of the work (pending, approved, refused) takes a feedback
 * family; a kind of thing takes a material (docs/design.md): stone for what is inactive or over, brass for what
 * multiplies or marks (a bonus, the reader's row), wood for roles, terracotta for what a campaign gives. Its text is
 * the kit's, `kit.badges.<concept>.<state>`. A new concept is a line here and its texts in i18n/kit.ts (see
 * docs/recipes.md, "Add a badge").
 */
export const badgeConcepts = {
  /** An invoice: waiting for the review, approved (its points credited), rejected (with its reason) or cancelled. */
  invoiceStatus: { pending: 'quaternary', approved: 'success', rejected: 'error', cancelled: 'stone' },
  /** A professional's standing in the programme. */
  behaviour: { active: 'success', inactive: 'stone', blocked: 'error' },
  /** A movement of the points ledger. */
  movementKind: {
    credit: 'success',
    bonus: 'brass',
    extra: 'terracotta',
    redemption: 'quaternary',
    reversal: 'error',
    expiry: 'stone',
    adjustment: 'informative',
  },
  /** A professional's subscription to an experience. */
  subscriptionStatus: { subscribed: 'success', cancelled: 'stone' },
  /**
   * A professional's customer: the window in which the customer's purchases count (only an expired one is shown), or
   * ended by the customer's objection (docs/privacy.md).
   */
  customerWindow: { expired: 'quaternary', objected: 'error' },
  /** Extra points given to a person by a campaign, or taken back. */
  grantStatus: { granted: 'success', removed: 'stone' },
  /** A store user's role in the store. */
  shopkeeperType: { seller: 'informative', manager: 'wood', consultant: 'tertiary' },
  /** A store user's sign-up (an approved one shows no badge). */
  signUp: { pending: 'quaternary', approved: 'success', refused: 'error' },
  /** Whether a store takes part ("Ativa"). */
  storeActive: { active: 'success', inactive: 'stone' },
  /** Whether a person's account is on ("Ativo"). */
  personActive: { active: 'success', inactive: 'stone' },
  /** An accelerator's period: running now, still to come, or over. */
  acceleratorStage: { current: 'success', upcoming: 'informative', past: 'stone' },
  /** An e-mail of the outbox: waiting in the queue (or being retried), sent, or failed after its last retry. */
  emailState: { pending: 'informative', sent: 'success', failed: 'error' },
  /** A mark beside a person's name: the row of the person who is looking. */
  userMark: { you: 'brass' },
  /** A shopkeeper's invite of a professional: sent, or taken up by a sign-up. */
  inviteState: { sent: 'stone', signedUp: 'success' },
  /** An accelerator that multiplies a product's points now; its badge says which and by how much. */
  productBoost: { running: 'brass' },
  /** A line of an invoice: whether its product takes part in the programme (earns points). */
  lineParticipation: { participating: 'success', notParticipating: 'stone' },
  /** An NF-e XML's signature (docs/invoice-trust.md): the store's own, none, or one that failed. */
  signature: { verified: 'success', unsigned: 'stone', invalid: 'error' },
  /** A risk flag of an invoice, computed on its arrival: none blocks a human's approval. */
  riskFlag: {
    'duplicate-attempt': 'error',
    'self-dealing': 'error',
    'many-in-24h': 'quaternary',
    'above-usual': 'quaternary',
    'above-limit': 'quaternary',
  },
  /** A pending invoice sent longer ago than the review deadline (a setting). */
  reviewDeadline: { past: 'error' },
  /** What the automatic review decided: approved by "Sistema", or held for a person on a rule. */
  automaticReview: { approved: 'success', held: 'quaternary' },
  /** One rule the automatic review checked: held or not. */
  reviewRule: { passed: 'success', failed: 'error' },
  /** A sampled automatic approval's conferência: to confirm, confirmed, or cancelled by an admin. */
  conference: { pending: 'quaternary', confirmed: 'success', cancelled: 'stone' },
  /** A holder's request under the LGPD: received, being answered (the anonymisation runs), done, or refused. */
  dataRequestState: { received: 'quaternary', 'in-progress': 'informative', done: 'success', refused: 'stone' },
  /** The legal basis (LGPD art. 7) the programme holds a piece of a person's data on (docs/privacy.md). */
  legalBasis: {
    contract: 'informative',
    'legal-obligation': 'tertiary',
    'legitimate-interest': 'wood',
    consent: 'success',
  },
} as const satisfies Record<string, Record<string, ColorPalette>>;

export type BadgeConcept = keyof typeof badgeConcepts;
/** The states of a concept (`BadgeState<'invoiceStatus'>` is 'pending' | 'approved' | …). */
export type BadgeState<C extends BadgeConcept> = keyof (typeof badgeConcepts)[C] & string;

/** The palette of a concept's state. */
export const badgePalette = <C extends BadgeConcept>(concept: C, state: BadgeState<C>): ColorPalette =>
  (badgeConcepts[concept] as Record<string, ColorPalette>)[state] ?? 'stone';

/** The text key of a concept's state. */
export const badgeText = <C extends BadgeConcept>(concept: C, state: BadgeState<C>): string =>
  `kit.badges.${concept}.${state}`;

/**
 * A concept's states as a filter's choices, labelled by their text keys: a list filters by the states its badges show
 * without importing the contracts (and zod) into its first screen.
 */
export const badgeOptions = <C extends BadgeConcept>(concept: C): { value: BadgeState<C>; label: string }[] =>
  (Object.keys(badgeConcepts[concept]) as BadgeState<C>[]).map((state) => ({
    value: state,
    label: badgeText(concept, state),
  }));

/**
 * A concept's badge outside a list (a drawer, a page's header): Chakra's Badge (subtle, sm), as the list's row badge
 * looks. In a list's cell, the same badge is `cell.badge(concept, state)` (`@especifica/mf-shared/list`).
 */
export function StateBadge<C extends BadgeConcept>({ concept, state }: { concept: C; state: BadgeState<C> }) {
  const { t } = useTranslation();
  return <Badge colorPalette={badgePalette(concept, state)}>{t(badgeText(concept, state))}</Badge>;
}
