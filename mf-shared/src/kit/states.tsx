import { Box, Button, Skeleton, SkeletonText, Stack, Text, VStack } from '@chakra-ui/react';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import type { ApiQuery } from './data';
import { EmptyResult } from './empty-state';

/** Loading: the shape of what is coming, never a blank area or a lone spinner. */
export function LoadingState({ kind = 'lines', rows = 5 }: { kind?: 'lines' | 'cards' | 'table'; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" aria-live="polite" data-testid="loading-state">
      <Text srOnly>{t('kit.loading')}</Text>
      {kind === 'lines' && <SkeletonText noOfLines={rows} gap="3" />}
      {kind === 'cards' && (
        <Stack gap="4" direction={{ base: 'column', md: 'row' }}>
          {/* Side by side they share the row; stacked, `flex: 1` would take their height away (a basis of 0 in a
              column), and the content arriving would push the page down. */}
          {Array.from({ length: Math.min(rows, 3) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height="120px" flex={{ base: 'none', md: '1' }} borderRadius="card" />
          ))}
        </Stack>
      )}
      {kind === 'table' && (
        <Stack gap="2">
          {Array.from({ length: rows + 1 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={i === 0 ? '40px' : '48px'} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Failure: the server's msg and a way to try again. */
export function ErrorState({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <VStack role="alert" data-testid="error-state" gap="3" py="10" px="4" textAlign="center">
      <Text fontWeight="bold">{t('kit.errorTitle')}</Text>
      <Text color="muted">{error.msg}</Text>
      {onRetry && (
        <Button variant="outline" colorPalette="primary" onClick={onRetry}>
          {t('kit.retry')}
        </Button>
      )}
    </VStack>
  );
}

export interface QueryViewProps<T> {
  query: ApiQuery<T>;
  loading?: ReactNode;
  /** When the answer has nothing to show. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The four states of anything read from the API, the same on every screen. */
export function QueryView<T>({ query, loading, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.data !== undefined) {
    return <>{isEmpty?.(query.data) ? (empty ?? <EmptyResult />) : children(query.data)}</>;
  }
  if (query.error) return <ErrorState error={query.error} onRetry={query.refetch} />;
  return <>{loading ?? <LoadingState />}</>;
}

/** A plain progress bar (level progress, quotas), announced to screen readers. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      h="8px"
      bg="surface.100"
      borderRadius="full"
      overflow="hidden"
    >
      <Box h="full" w={`${clamped}%`} bg="brand" borderRadius="full" />
    </Box>
  );
}
