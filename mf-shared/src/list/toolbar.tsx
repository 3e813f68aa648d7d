import { Badge, Box, Button, chakra, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatDate, useNarrow } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { memo, type ReactNode, useEffect, useId, useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

export interface Filter {
  /** The query parameter, as the list contract names it. */
  key: string;
  label: string;
  /** The choices of a select; a date filter has none. */
  options?: FilterOption[];
  /** What the select's empty choice says ("Todos" by default; "Ciclo atual" where nothing chosen means that). */
  allLabel?: string;
  /** A day (YYYY-MM-DD) instead of a select: the start or end of a period. */
  type?: 'date';
  /** The key of the filter whose day is this one's earliest (the period's start, for its end). */
  notBefore?: string;
  /** The key of the filter whose day is this one's latest (the period's end, for its start). */
  notAfter?: string;
  /**
   * A filter drawn by the caller (a searchable picker, say), given the URL's value and its setter; it labels itself
   * with `label`.
   */
  render?: (props: {
    label: string;
    value: string | undefined;
    onChange: (value: string | undefined) => void;
  }) => ReactNode;
}

export interface ToolbarProps {
  search?: { value: string; placeholder?: string; onChange: (value: string) => void };
  filters?: { items: Filter[]; values: Record<string, unknown>; onChange: (key: string, value: string) => void };
  /** Export, "Novo" and the like, at the end of the bar. */
  actions?: ReactNode;
}

const SEARCH_DELAY_MS = 300;

/**
 * Search (sent 300 ms after typing stops), the list's filters, and its actions. Below 768 px the filters fold behind
 * a "Filtros" button that counts the ones in use, so the list is not pushed a screen down by them. Memoized: the
 * list's rows arriving do not draw the bar again.
 */
export const Toolbar = memo(function Toolbar({ search, filters, actions }: ToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const filtersId = useId();
  const folded = useNarrow() && Boolean(filters?.items.length);
  const [unfolded, setUnfolded] = useState(false);
  const inUse = filters?.items.filter((filter) => !isBlank(filters.values[filter.key])).length ?? 0;
  const [text, setText] = useState(search?.value ?? '');
  const current = search?.value ?? '';
  const onSearch = search?.onChange;

  // The URL is the truth (back, a link): follow it when it changes from outside the box.
  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (!onSearch || text === current) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, current, onSearch]);

  const actionRow = actions && (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      {actions}
    </HStack>
  );

  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      // Many filters (the invoice queue has nine) go on to a second line rather than past the screen's edge.
      wrap={{ base: 'nowrap', md: 'wrap' }}
      gap="3"
      mb="4"
      align={{ base: 'stretch', md: 'flex-end' }}
    >
      {search && (
        <Box flex="1" minW="200px">
          <chakra.label htmlFor={searchId} fontSize="sm" color="muted" display="block" mb="1">
            {t('kit.search')}
          </chakra.label>
          <Input
            id={searchId}
            type="search"
            value={text}
            placeholder={search.placeholder ?? t('kit.searchPlaceholder')}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onSearch?.(text.trim());
            }}
          />
        </Box>
      )}
      {folded && (
        // Folded, the filters' button and the actions share a row.
        <HStack gap="2" justify="space-between" align="flex-start">
          <Button
            variant="outline"
            aria-expanded={unfolded}
            aria-controls={filtersId}
            aria-label={inUse > 0 ? `${t('kit.filters')} (${inUse})` : undefined}
            onClick={() => setUnfolded((open) => !open)}
          >
            {t('kit.filters')}
            {inUse > 0 && (
              <Badge colorPalette="primary" variant="solid">
                {inUse}
              </Badge>
            )}
          </Button>
          {actionRow}
        </HStack>
      )}
      <Box
        id={filtersId}
        hidden={folded && !unfolded}
        // On wide screens the box is not drawn: its filters sit in the bar's row with the search and the actions.
        display={folded ? (unfolded ? 'flex' : 'none') : 'contents'}
        flexDirection="column"
        gap="3"
      >
        {filters?.items.map((filter) => {
          const value = filters.values[filter.key] as string | undefined;
          const day = (key?: string) => (key ? (filters.values[key] as string | undefined) : undefined);
          if (filter.render) {
            return (
              <Box key={filter.key} minW="220px" flex="1">
                {filter.render({
                  label: filter.label,
                  value,
                  onChange: (next) => filters.onChange(filter.key, next ?? ''),
                })}
              </Box>
            );
          }
          return filter.type === 'date' ? (
            <DateFilter
              key={filter.key}
              label={filter.label}
              value={value}
              min={day(filter.notBefore)}
              max={day(filter.notAfter)}
              onChange={(next) => filters.onChange(filter.key, next ?? '')}
            />
          ) : (
            <FilterSelect
              key={filter.key}
              filter={filter}
              value={String(value ?? '')}
              onChange={(next) => filters.onChange(filter.key, next)}
            />
          );
        })}
      </Box>
      {!folded && actionRow}
    </Stack>
  );
});

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: Filter;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box minW="160px">
      <chakra.label htmlFor={id} fontSize="sm" color="muted" display="block" mb="1">
        {filter.label}
      </chakra.label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">{filter.allLabel ?? t('kit.all')}</option>
          {(filter.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

/**
 * A day of a period (a native date input). A day outside `min`..`max` (an end before the start) is refused with a
 * pt-BR message beside the field, and the filter keeps its previous day.
 */
export function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Box minW="150px" flex="1">
      <chakra.label htmlFor={id} fontSize="sm" color="muted" display="block" mb="1">
        {label}
      </chakra.label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value || undefined;
          if (next && min && next < min) return setError(t('kit.dateNotBefore', { date: formatDate(min) }));
          if (next && max && next > max) return setError(t('kit.dateNotAfter', { date: formatDate(max) }));
          setError(null);
          onChange(next);
        }}
      />
      {error && (
        <Text id={`${id}-error`} role="alert" color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/** A button that downloads, with its progress while the file comes. */
export function ExportButton({
  label,
  progress,
  onClick,
}: {
  label: string;
  progress: number | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const busy = progress !== null;
  return (
    <Button variant="outline" onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy ? t('kit.exporting', { percent: progress >= 0 ? `${Math.round(progress * 100)}%` : '' }) : label}
    </Button>
  );
}
