import { api, type Result } from '@especifica/mf-shared';
import type { Faq } from '@especifica/mf-shared/contracts';

export const faqKey = (search: string) => ['faq', search] as const;

/** The FAQ; with a search, the API finds the questions by the stems of its words and marks what matched. */
export const getFaq = (search: string): Promise<Result<Faq>> =>
  api.get('/professionals/faq/get-all', search ? { search } : undefined);
