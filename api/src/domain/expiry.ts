// Points expire a number of months after they were credited, oldest first; redemptions also take the oldest points
// first. The ledger only stores movements, so which points are left (and when they expire) is replayed from them.

export type LedgerKind = 'credit' | 'bonus' | 'extra' | 'redemption' | 'reversal' | 'expiry' | 'adjustment';

export interface Movement {
  id: string;
  amount: number;
  kind: LedgerKind;
  sourceType: string;
  sourceId: string;
  createdAt: Date;
}

export interface Lot {
  /** The id of the entry that credited it: an expiry entry names it as its source. */
  id: string;
  sourceType: string;
  sourceId: string;
  createdAt: Date;
  expiresAt: Date;
  remaining: number;
}

export interface ExpiryPicture {
  /** Lots past their date with points left that no expiry entry has written off yet. */
  due: { lotId: string; amount: number }[];
  /** Lots still alive, oldest first, with what is left in each. */
  open: Lot[];
  /** Points owed: debits (a reversal after a redemption) that found no points left to take. */
  debt: number;
}

/** The same day `months` later in UTC; a day the month lacks becomes its last day (31 Jan + 1 = 28 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** Replays `movements` (in ledger order: by time, then id) up to `now`. */
export function expiryPicture(movements: readonly Movement[], now: Date, months: number): ExpiryPicture {
  const open: Lot[] = [];
  const expired = new Map<string, number>();
  const recorded = new Set<string>();
  let debt = 0;

  // A lot is gone at its date, whether or not the job has written it off yet: nothing later may spend it.
  const expireUntil = (moment: Date) => {
    while (open.length > 0 && (open[0] as Lot).expiresAt <= moment) {
      const lot = open.shift() as Lot;
      if (lot.remaining > 0) expired.set(lot.id, lot.remaining);
    }
  };
  const take = (lot: Lot, wanted: number) => {
    const taken = Math.min(lot.remaining, wanted);
    lot.remaining -= taken;
    return taken;
  };

  for (const movement of movements) {
    expireUntil(movement.createdAt);
    if (movement.kind === 'expiry') {
      recorded.add(movement.sourceId);
      continue;
    }
    if (movement.amount > 0) {
      const paid = Math.min(debt, movement.amount);
      debt -= paid;
      if (movement.amount > paid) {
        // Lots are created in time order and all live the same number of months, so `open` stays sorted by date.
        open.push({
          id: movement.id,
          sourceType: movement.sourceType,
          sourceId: movement.sourceId,
          createdAt: movement.createdAt,
          expiresAt: addMonths(movement.createdAt, months),
          remaining: movement.amount - paid,
        });
      }
      continue;
    }
    let wanted = -movement.amount;
    // A reversal takes back the points of the entry that it reverses before touching any other.
    if (movement.kind === 'reversal') {
      const own = open.find((lot) => lot.sourceType === movement.sourceType && lot.sourceId === movement.sourceId);
      if (own) wanted -= take(own, wanted);
    }
    for (const lot of open) {
      if (wanted === 0) break;
      wanted -= take(lot, wanted);
    }
    debt += wanted;
    for (let i = open.length - 1; i >= 0; i--) if ((open[i] as Lot).remaining === 0) open.splice(i, 1);
  }
  expireUntil(now);

  const due = [...expired]
    .filter(([lotId, amount]) => amount > 0 && !recorded.has(lotId))
    .map(([lotId, amount]) => ({ lotId, amount }));
  return { due, open, debt };
}

/** What of `open` expires on or before `until`. */
export function expiringBy(open: readonly Lot[], until: Date): number {
  return open.filter((lot) => lot.expiresAt <= until).reduce((sum, lot) => sum + lot.remaining, 0);
}
