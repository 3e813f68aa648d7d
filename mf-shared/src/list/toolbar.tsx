import { Button } from '@chakra-ui/react';
import { formatDate, useNarrow } from '@especifica/mf-shared/kit';
import { usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { type ChangeEvent, memo, type ReactNode, useEffect, useId, useState } from 'react';
import { toolbarParts } from './toolbar.parts';

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

  const actionRow = actions && <div data-part="actions">{actions}</div>;

  return (
    <div className={usePartsClass(toolbarParts)}>
      {search && (
        <div data-part="search">
          <label htmlFor={searchId}>{t('kit.search')}</label>
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={search.placeholder ?? t('kit.searchPlaceholder')}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onSearch?.(text.trim());
            }}
          />
        </div>
      )}
      {folded && (
        // Folded, the filters' button and the actions share a row.
        <div data-part="fold">
          <button
            type="button"
            data-part="filters-button"
            aria-expanded={unfolded}
            aria-controls={filtersId}
            onClick={() => setUnfolded((open) => !open)}
          >
            {/* Named by what it shows, the count's badge included, then a hidden "em uso" ("Filtros 1 em uso"): a
                name that says more than the visible text must begin with it, or voice control misses it. */}
            {t('kit.filters')}
            {inUse > 0 && (
              <>
                <span data-part="in-use">{inUse}</span>
                <span data-part="in-use-hint">{t('kit.filtersInUse')}</span>
              </>
            )}
          </button>
          {actionRow}
        </div>
      )}
      <div id={filtersId} data-part="filters" data-folded={folded ? '' : undefined} hidden={folded && !unfolded}>
        {filters?.items.map((filter) => {
          const value = filters.values[filter.key] as string | undefined;
          const day = (key?: string) => (key ? (filters.values[key] as string | undefined) : undefined);
          if (filter.render) {
            return (
              <div key={filter.key} data-part="custom-filter">
                {filter.render({
                  label: filter.label,
                  value,
                  onChange: (next) => filters.onChange(filter.key, next ?? ''),
                })}
              </div>
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
      </div>
      {!folded && actionRow}
    </div>
  );
});

/** A native select drawn as Chakra's NativeSelect, styled by the bar or the pagination it sits in. */
export function PlainSelect({
  id,
  value,
  onChange,
  children,
}: {
  id: string;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
}) {
  return (
    <div data-part="select">
      <select id={id} value={value} onChange={onChange}>
        {children}
      </select>
      <div>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </div>
  );
}

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
    <div data-part="select-filter">
      <label htmlFor={id}>{filter.label}</label>
      <PlainSelect id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{filter.allLabel ?? t('kit.all')}</option>
        {(filter.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </PlainSelect>
    </div>
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
    <div data-part="date-filter">
      <label htmlFor={id}>{label}</label>
      <input
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
        <p id={`${id}-error`} role="alert" data-part="date-error">
          {error}
        </p>
      )}
    </div>
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
