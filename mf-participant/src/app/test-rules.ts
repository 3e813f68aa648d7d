import { defaultRules, type MyRules } from '@especifica/mf-shared/contracts';

/** GET /professionals/rules as the API answers an architect under `changes` (unit tests only). */
export const rulesAnswer = (changes: Partial<MyRules> = {}) =>
  [200, { ...defaultRules, profession: 'Arquiteto', ...changes }] as [number, unknown];
