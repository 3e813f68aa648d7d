// The cells of an import's rows that more than one import reads the same way.

const truthy = new Set(['sim', 's', 'true', '1', 'ativo', 'ativa', 'yes', 'y', 'x']);
const falsy = new Set(['nao', 'não', 'n', 'false', '0', 'inativo', 'inativa', 'no']);

/** A yes/no cell: null when blank (keep what the record has), 'invalid' when it is neither. */
export function parseFlag(cell: string | undefined): boolean | null | 'invalid' {
  const value = cell?.trim().toLowerCase();
  if (!value) return null;
  if (truthy.has(value)) return true;
  if (falsy.has(value)) return false;
  return 'invalid';
}
