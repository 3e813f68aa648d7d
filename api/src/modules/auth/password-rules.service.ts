import { fail } from '../../kernel/errors';
import { isCommonPassword } from '../../security/common-passwords';

export const COMMON_PASSWORD_MESSAGE = 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.';

/** Refuses the passwords that leaked lists show most often, as a field error of `field`. */
export function assertNotCommon(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw fail.field(field, COMMON_PASSWORD_MESSAGE);
}
