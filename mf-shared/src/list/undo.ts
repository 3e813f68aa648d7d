/** How long a status change offers "Desfazer". */
export const UNDO_MS = 5000;
