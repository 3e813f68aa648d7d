import { api, type Result } from '@especifica/mf-shared';
import { formatCnpj, type Store } from '@especifica/mf-shared/contracts';
import { useFormContext } from '@especifica/mf-shared/forms';
import { type Page, useApiQuery } from '@especifica/mf-shared/kit';
import { Box, chakra, Input, Spinner, Text, useTranslation } from '@especifica/mf-shared/ui';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { type FieldValues, type Path, useController, useFormState } from 'react-hook-form';

/** A store as the picker shows it. */
export interface PickedStore {
  id: string;
  name: string;
  cnpj?: string;
}

// Few enough that the list never scrolls (a scrolling list of options a keyboard cannot focus is an axe error).
const SHOWN = 8;

/** The stores whose name or CNPJ has the text, by name: the first {@link SHOWN}, the rest found by typing more. */
export const searchStores = (search: string): Promise<Result<Page<Store>>> =>
  api.get<Page<Store>>('/cms/stores/get-all', { search: search || undefined, page: 1, limit: SHOWN, sort: 'name' });

const labelOf = (store: PickedStore) => (store.cnpj ? `${store.name} (${formatCnpj(store.cnpj)})` : store.name);

/** Waits until the admin stops typing for a moment, so each keystroke does not ask the API. */
function useDebounced(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface StorePickerProps {
  label: string;
  /** The chosen store's id ('' or undefined: none). */
  value: string | undefined;
  /** A store chosen from the list, or null when the text is changed or emptied. */
  onChange: (store: PickedStore | null) => void;
  onBlur?: () => void;
  /** The store already chosen, shown before any search. */
  current?: PickedStore | null;
  /** What the helper line says (the search hint by default). */
  hint?: string;
  error?: string;
  name?: string;
}

/**
 * Any store of the programme, searched by name or CNPJ as the admin types (an editable combobox, WAI-ARIA pattern).
 * The list is rendered in place, not in a portal, so it also works inside the drawer's focus trap.
 */
export function StorePicker({ label, value, onChange, onBlur, current, hint, error, name }: StorePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [chosen, setChosen] = useState<PickedStore | null>(current && current.id === value ? current : null);
  const [text, setText] = useState(chosen ? labelOf(chosen) : '');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const search = useDebounced(open && (!chosen || text !== labelOf(chosen)) ? text.trim() : '');
  const stores = useApiQuery(['resource', 'cms-stores', 'picker', search], () => searchStores(search), {
    enabled: open,
    silent: true,
    keepPrevious: true,
    staleTime: 30_000,
  });
  const items = stores.data?.items ?? [];
  const more = (stores.data?.total ?? 0) - items.length;

  // A form reset (after sending) or a cleared filter empties the value: the text goes with it.
  useEffect(() => {
    if (!value && chosen) {
      setChosen(null);
      setText('');
    }
  }, [value, chosen]);
  // The chosen store learnt later (a filter read from the URL, named once the list arrives).
  useEffect(() => {
    if (current && value === current.id && !chosen && !open) {
      setChosen(current);
      setText(labelOf(current));
    }
  }, [current, value, chosen, open]);

  const choose = (store: Store) => {
    const picked = { id: store.id, name: store.name, cnpj: store.cnpj };
    setChosen(picked);
    setText(labelOf(picked));
    setOpen(false);
    setHighlighted(-1);
    onChange(picked);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlighted((index) => (index + step + items.length) % items.length);
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted store instead of sending the form.
      event.preventDefault();
      const store = items[highlighted];
      if (store) choose(store);
    } else if (event.key === 'Escape' && open) {
      // Closes the list, not the drawer around it.
      event.stopPropagation();
      setOpen(false);
    }
  };
  const status = stores.isFetching ? (
    <Spinner size="xs" aria-label={t('storePicker.searching')} />
  ) : stores.error ? (
    <Text color="fg.error">{stores.error.msg}</Text>
  ) : items.length === 0 ? (
    t('storePicker.none')
  ) : more > 0 ? (
    t('storePicker.more', { count: more })
  ) : null;
  const describedBy = [`${id}-helper`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box>
      <chakra.label htmlFor={`${id}-input`} display="block" fontSize="sm" fontWeight="medium" mb="1.5">
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
          aria-describedby={describedBy}
          placeholder={t('storePicker.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
            setHighlighted(-1);
            if (value) onChange(null);
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
            data-testid="store-picker-popup"
          >
            <chakra.ul id={listId} role="listbox" aria-label={label} listStyleType="none" m="0" p="1">
              {items.map((store, index) => (
                <chakra.li
                  key={store.id}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={store.id === value}
                  px="3"
                  py="2"
                  borderRadius="sm"
                  cursor="pointer"
                  fontSize="sm"
                  bg={index === highlighted ? 'surface.100' : undefined}
                  _hover={{ bg: 'surface.100' }}
                  // Keeps the focus in the input, so the blur does not close the list before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(store)}
                >
                  <Text fontWeight="medium">{store.name}</Text>
                  <Text color="muted" fontSize="xs">
                    {formatCnpj(store.cnpj)}
                    {store.active ? '' : ` · ${t('kit.inactive')}`}
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
      <Text id={`${id}-helper`} color="muted" fontSize="sm" mt="1">
        {hint ?? t('storePicker.hint')}
      </Text>
      {error && (
        <Text id={`${id}-error`} color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

export interface StorePickerFieldProps<T extends FieldValues> {
  /** The form field that holds the chosen store's id. */
  name: Path<T>;
  label: string;
  /** The store already chosen (editing), shown before any search. */
  current?: PickedStore | null;
}

/** {@link StorePicker} as a field of the form around it, which holds the store's id. */
export function StorePickerField<T extends FieldValues>({ name, label, current }: StorePickerFieldProps<T>) {
  // The form's control comes through the kit's context: the remote's own copy of react-hook-form holds another one.
  const { control } = useFormContext<T>();
  const { field } = useController<T>({ name, control });
  const { errors } = useFormState<T>({ name, control });
  const error = errors[name]?.message;
  return (
    <StorePicker
      name={field.name}
      label={label}
      value={field.value}
      current={current}
      error={typeof error === 'string' ? error : undefined}
      onChange={(store) => field.onChange(store?.id ?? '')}
      onBlur={field.onBlur}
    />
  );
}
