import type { Result } from '@especifica/mf-shared';
import { FieldNotes } from '@especifica/mf-shared/controls';
import { Box, chakra, Input, Spinner, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useApiQuery } from './data';
import { useDebounced } from './debounced';
import type { Page } from './list/resource';

// Few enough that the list never scrolls (a scrolling list of options a keyboard cannot focus is an axe error).
export const PICKER_SHOWN = 8;

export interface SearchPickerProps<T extends { id: string }> {
  label: string;
  /** The chosen item's id; empty when none. */
  value: string;
  /** Called with the chosen id and item, or '' and null when the text no longer names one. */
  onChange: (id: string, item: T | null) => void;
  onBlur?: () => void;
  /** The item already chosen (editing, or a filter read from the URL), shown before any search. */
  current?: T | null;
  /** The first {@link PICKER_SHOWN} items that match the text. */
  search: (text: string) => Promise<Result<Page<T>>>;
  /** The cache key of the searches, before the text. */
  cacheKey: readonly unknown[];
  /** How the chosen item reads in the box. */
  chosenLabel: (item: T) => string;
  /** An option: its first line, and the line below. */
  optionTitle: (item: T) => string;
  optionDetail: (item: T) => ReactNode;
  /** The i18n group of the texts: placeholder, hint, searching, none, more. */
  texts: string;
  name?: string;
  error?: string;
  testId?: string;
  /** A list's filter: labelled as the toolbar's other filters, without the hint below (the placeholder says it). */
  filter?: boolean;
  /** The line below the box, instead of the group's own hint. */
  hint?: string;
}

/**
 * An item searched on the API as the person types (an editable combobox, WAI-ARIA pattern): the CMS's store and
 * professional pickers, the invoice form's product of the catalogue. The list is rendered in place, not in a portal, so it also works inside the
 * drawer's focus trap.
 */
export function SearchPicker<T extends { id: string }>({
  label,
  value,
  onChange,
  onBlur,
  current,
  search: searchItems,
  cacheKey,
  chosenLabel,
  optionTitle,
  optionDetail,
  texts,
  name,
  error,
  testId,
  filter = false,
  hint,
}: SearchPickerProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [chosen, setChosen] = useState<T | null>(current && current.id === value ? current : null);
  const [text, setText] = useState(chosen ? chosenLabel(chosen) : '');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const search = useDebounced(open && (!chosen || text !== chosenLabel(chosen)) ? text.trim() : '');
  const found = useApiQuery([...cacheKey, search], () => searchItems(search), {
    enabled: open,
    silent: true,
    keepPrevious: true,
    staleTime: 30_000,
  });
  const items = found.data?.items ?? [];
  const more = (found.data?.total ?? 0) - items.length;
  // A field low in a drawer (an invoice's product line) would open its list below the fold: the list scrolls into view
  // as it opens and as its options arrive, no further than needed.
  const popup = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the options arrive and the list grows
  useEffect(() => {
    if (open) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, items.length]);

  // A form reset (after sending) or a cleared filter empties the value: the text goes with it. An item that arrives
  // after the value (a filter read from the URL) is shown once it is known.
  useEffect(() => {
    if (!value && chosen) {
      setChosen(null);
      setText('');
    } else if (value && !chosen && current?.id === value && !open) {
      setChosen(current);
      setText(chosenLabel(current));
    }
  }, [value, chosen, current, open, chosenLabel]);

  const choose = (item: T) => {
    setChosen(item);
    setText(chosenLabel(item));
    setOpen(false);
    setHighlighted(-1);
    onChange(item.id, item);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted item instead of sending the form.
      event.preventDefault();
      const item = items[highlighted];
      if (item) choose(item);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the drawer around it.
      event.stopPropagation();
      setOpen(false);
    }
  };
  const status = found.isFetching ? (
    <Spinner size="xs" aria-label={t(`${texts}.searching`)} />
  ) : found.error ? (
    <Text color="fg.error">{found.error.msg}</Text>
  ) : items.length === 0 ? (
    t(`${texts}.none`)
  ) : more > 0 ? (
    t(`${texts}.more`, { count: more })
  ) : null;
  const describedBy = [filter ? null : `${id}-helper`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box>
      <chakra.label
        htmlFor={`${id}-input`}
        display="block"
        fontSize="sm"
        {...(filter ? { color: 'muted', mb: '1' } : { fontWeight: 'medium', mb: '1.5' })}
      >
        {label}
      </chakra.label>
      <Box position="relative" w="100%">
        <Input
          id={`${id}-input`}
          name={name}
          role="combobox"
          aria-invalid={Boolean(error) || undefined}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && highlighted >= 0 ? `${id}-option-${highlighted}` : undefined}
          aria-describedby={describedBy || undefined}
          placeholder={t(`${texts}.placeholder`)}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setHighlighted(-1);
            if (value) onChange('', null);
            setChosen(null);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {open && (
          <Box
            position="absolute"
            top="calc(100% + 4px)"
            left="0"
            right="0"
            zIndex="dropdown"
            bg="card"
            borderWidth="1px"
            borderColor="surface.300"
            borderRadius="card"
            boxShadow="md"
            ref={popup}
            data-testid={testId}
          >
            <chakra.ul id={listId} role="listbox" aria-label={label} listStyleType="none" m="0" p="1">
              {items.map((item, index) => (
                <chakra.li
                  key={item.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={item.id === value}
                  px="3"
                  py="2"
                  borderRadius="sm"
                  cursor="pointer"
                  fontSize="sm"
                  // surface.50, not 100: the muted detail line keeps 4.5:1 on it (4.1:1 on surface.100).
                  bg={index === highlighted ? 'surface.50' : undefined}
                  boxShadow={index === highlighted ? 'inset 3px 0 0 var(--chakra-colors-brand)' : undefined}
                  _hover={{ bg: 'surface.50' }}
                  // Keeps the focus in the input, so the blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(item)}
                >
                  <Text fontWeight="medium">{optionTitle(item)}</Text>
                  <Text color="muted" fontSize="xs">
                    {optionDetail(item)}
                  </Text>
                </chakra.li>
              ))}
            </chakra.ul>
            <Box px="3" py={status ? '2' : '0'} fontSize="sm" color="muted" role="status">
              {status}
            </Box>
          </Box>
        )}
      </Box>
      <FieldNotes id={id} helper={!filter && (hint ?? t(`${texts}.hint`))} error={error} />
    </Box>
  );
}
