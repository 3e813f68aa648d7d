// How the API writes dates for people (exports, e-mails, messages): in São Paulo, as DD/MM/YYYY, never a UTC instant.

const timeZone = 'America/Sao_Paulo';

/** A day as a person reads it: 29/11/2026. */
export const saoPauloDay = new Intl.DateTimeFormat('pt-BR', { timeZone });

/** An instant with its time: 29/11/2026, 15:51:20. */
export const saoPauloTime = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' });

/** A spreadsheet's cell of an instant: 29/11/2026 15:51:20 (no comma, which a CSV reader could take apart). */
export const saoPauloTimeCell = (at: Date | null | undefined): string | null =>
  at ? saoPauloTime.format(at).replace(',', '') : null;
