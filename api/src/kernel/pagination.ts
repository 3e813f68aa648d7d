import type { PageQuery } from '@especifica/mf-shared/contracts';

export const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

export function pageAnswer<T>(items: T[], total: number | string, query: PageQuery) {
  return { items, total: Number(total), page: query.page, limit: query.limit };
}
