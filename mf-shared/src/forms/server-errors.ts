import { toasts } from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Server field paths (`userData.cpf`) to the form's names (`cpf`), where they differ. */
export type ServerFields<T extends FieldValues> = Partial<Record<string, Path<T>>>;

export interface ServerErrorOptions<T extends FieldValues> {
  fields?: ServerFields<T>;
  /**
   * When the error's msg is toasted: only when no field took a message (the default), always (spec 8's screens that
   * announce every refusal) or never.
   */
  toast?: 'unmatched' | 'always' | 'never';
  /** Codes that never toast (e.g. `acceptTerms-required`, shown beside its checkbox only). */
  quietCodes?: string[];
}

interface FieldIssue {
  field: string;
  message: string;
}

const isFieldIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldIssue).field === 'string' &&
  typeof (value as FieldIssue).message === 'string';

/**
 * Puts a refusal of the server (`{ msg, code, data: [{ field, message }] }`, see the API's validation answers) beside
 * the fields it names, and toasts its msg when none of them is on the form. A server field is the form's when
 * `fields` maps it or the form has a field of the same name. Returns the form fields that got a message.
 */
export function applyServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: ApiError,
  { fields = {}, toast = 'unmatched', quietCodes = [] }: ServerErrorOptions<T> = {},
): Array<Path<T>> {
  const values = form.getValues() as Record<string, unknown>;
  const matched: Array<Path<T>> = [];
  const issues = Array.isArray(error.data) ? error.data.filter(isFieldIssue) : [];
  for (const issue of issues) {
    const name = fields[issue.field] ?? (hasPath(values, issue.field) ? (issue.field as Path<T>) : undefined);
    if (!name || matched.includes(name)) continue;
    form.setError(name, { type: 'server', message: issue.message });
    matched.push(name);
  }
  const shouldToast = toast === 'always' || (toast === 'unmatched' && matched.length === 0);
  if (shouldToast && !quietCodes.includes(error.code ?? '')) toasts.error(error.msg);
  return matched;
}

function hasPath(values: Record<string, unknown>, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}
