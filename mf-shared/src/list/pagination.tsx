import { Button, chakra, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { PAGE_SIZES } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useId } from 'react';

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
    <HStack as="nav" aria-label={t('kit.pagination')} justify="space-between" wrap="wrap" gap="3" mt="4">
      <HStack gap="2">
        <chakra.label htmlFor={sizeId} fontSize="sm" color="muted">
          {t('kit.pageSize')}
        </chakra.label>
        <NativeSelect.Root size="sm" width="80px">
          <NativeSelect.Field
            id={sizeId}
            value={limit}
            onChange={(event) => onLimit(Number(event.currentTarget.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="sm" color="muted" aria-live="polite" data-testid="page-range">
        {t('kit.range', { from, to, total })}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('kit.previous')}
        </Button>
        <Text fontSize="sm">{t('kit.pageOf', { page, pages })}</Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('kit.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
