import { Box, Button, chakra, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect, useId, useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

export interface Filter {
  /** The query parameter, as the list contract names it. */
  key: string;
  label: string;
  options: FilterOption[];
}

export interface ToolbarProps {
  search?: { value: string; placeholder?: string; onChange: (value: string) => void };
  filters?: { items: Filter[]; values: Record<string, unknown>; onChange: (key: string, value: string) => void };
  /** Export, "Novo" and the like, at the end of the bar. */
  actions?: ReactNode;
}

const SEARCH_DELAY_MS = 300;

/** Search (sent 300 ms after typing stops), the list's filters, and its actions. */
export function Toolbar({ search, filters, actions }: ToolbarProps) {
  const { t } = useTranslation();
  const searchId = useId();
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

  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" mb="4" align={{ base: 'stretch', md: 'flex-end' }}>
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
      {filters?.items.map((filter) => (
        <FilterSelect
          key={filter.key}
          filter={filter}
          value={String(filters.values[filter.key] ?? '')}
          onChange={(value) => filters.onChange(filter.key, value)}
        />
      ))}
      {actions && (
        <HStack gap="2" justify="flex-end" wrap="wrap">
          {actions}
        </HStack>
      )}
    </Stack>
  );
}

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
          <option value="">{t('kit.all')}</option>
          {filter.options.map((option) => (
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
