import { PAGE_SIZES } from '@especifica/mf-shared/kit';
import { usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { useId } from 'react';
import { PlainSelect } from './toolbar';
import { paginationParts } from './toolbar.parts';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Server pagination: the range shown, previous/next, and the page size (25, 50, 100). */
export function Pagination({ page, limit, total, onPage, onLimit }: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <nav className={usePartsClass(paginationParts)} aria-label={t('kit.pagination')}>
      <div>
        <label htmlFor={sizeId}>{t('kit.pageSize')}</label>
        <PlainSelect id={sizeId} value={limit} onChange={(event) => onLimit(Number(event.currentTarget.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </PlainSelect>
      </div>
      <p aria-live="polite" data-testid="page-range">
        {t('kit.range', { from, to, total })}
      </p>
      <div>
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('kit.previous')}
        </button>
        <p>{t('kit.pageOf', { page, pages })}</p>
        <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('kit.next')}
        </button>
      </div>
    </nav>
  );
}
