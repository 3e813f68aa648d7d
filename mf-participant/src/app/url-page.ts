import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@especifica/mf-shared/kit';
import { useSearchParams } from '@especifica/mf-shared/router';

/**
 * The page and page size of a paged screen that is not a resource list, kept in the URL (screens.md: bookmark,
 * reload and back keep the view); `onPage` and `onLimit` are what the kit's Pagination takes.
 */
export function useUrlPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = PAGE_SIZES.find((size) => size === Number(params.get('limit'))) ?? DEFAULT_PAGE_SIZE;
  return {
    page,
    limit,
    onPage: (next: number) => setParams({ page: String(next), limit: String(limit) }),
    onLimit: (size: number) => setParams({ page: '1', limit: String(size) }),
  };
}
