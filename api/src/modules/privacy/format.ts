// How the privacy module writes São Paulo dates (e-mails, exports, the copy, the statement): one formatter each.

/** A day as a person reads it: 29/11/2026. */
export const saoPauloDay = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** An instant with its time: 29/11/2026, 15:51:20. */
export const saoPauloTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'medium',
});
