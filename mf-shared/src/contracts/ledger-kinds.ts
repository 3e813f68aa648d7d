// What a screen draws of the ledger before its contract has arrived (the extract's filter and notice), without zod.

export const ledgerKinds = ['credit', 'bonus', 'extra', 'redemption', 'reversal', 'expiry', 'adjustment'] as const;

/** The window of the extract's "points expiring soon" (domain: points). */
export const EXPIRING_DAYS = 90;
