// The points ledger: every credit and debit, balances, standings and expiry. The only way to move points is
// through this index (postEntries, debit, adjust, reverseSources), so the ledger's invariants hold in one place.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.

export { type Reminders, runExpiryJob } from './expiry.service';
export { extractPeriodRoutes } from './extract.routes';
export { cachedStanding, levelRules, type Participant, pointsAndLevels } from './queries';
export { ledgerRoutes } from './routes';
export {
  adjust,
  balanceOf,
  debit,
  type EntryInput,
  issuerOf,
  participantOf,
  postEntries,
  reverseSources,
} from './service';
export { type StandingAnswer, standingOf } from './standing.queries';
