import { api, type Result } from '@especifica/mf-shared';
import { formatCnpj, type Store } from '@especifica/mf-shared/contracts';
import { type FieldValues, type Path, useController, useFormContext, useFormState } from '@especifica/mf-shared/forms';
import { type Page, PICKER_SHOWN, resourceKey, SearchPicker, useApiQuery } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { cmsStores, getStore } from '../features/stores/api/stores';

/** A store as the picker shows it. */
export interface PickedStore {
  id: string;
  name: string;
  cnpj?: string;
}

/** The stores whose name or CNPJ has the text, by name: the first few, the rest found by typing more. */
export const searchStores = (search: string): Promise<Result<Page<Store>>> =>
  api.get<Page<Store>>('/cms/stores/get-all', {
    search: search || undefined,
    page: 1,
    limit: PICKER_SHOWN,
    sort: 'name',
  });

const labelOf = (store: PickedStore) => (store.cnpj ? `${store.name} (${formatCnpj(store.cnpj)})` : store.name);
const cacheKey = ['resource', 'cms-stores', 'picker'] as const;

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
  /** A list toolbar's filter: labelled as the toolbar's other filters, without the hint below. */
  filter?: boolean;
}

/** Any store of the programme, searched by name or CNPJ as the admin types: a list's filter or a form's field. */
export function StorePicker({ label, value, onChange, onBlur, current, hint, error, name, filter }: StorePickerProps) {
  const { t } = useTranslation();
  return (
    <SearchPicker<PickedStore & Partial<Store>>
      label={label}
      name={name}
      value={value ?? ''}
      onChange={(_, store) => onChange(store ? { id: store.id, name: store.name, cnpj: store.cnpj } : null)}
      onBlur={onBlur}
      current={current}
      search={searchStores}
      cacheKey={cacheKey}
      chosenLabel={labelOf}
      optionTitle={(store) => store.name}
      optionDetail={(store) =>
        `${store.cnpj ? formatCnpj(store.cnpj) : ''}${store.active === false ? ` · ${t('kit.inactive')}` : ''}`
      }
      texts="storePicker"
      hint={hint}
      error={error}
      filter={filter}
      testId="store-picker-popup"
    />
  );
}

export interface StorePickerFieldProps<T extends FieldValues> {
  /** The form field that holds the chosen store's id. */
  name: Path<T>;
  label: string;
  /** The store already chosen (editing), shown before any search. */
  current?: PickedStore | null;
}

/** {@link StorePicker} as a form field. */
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

export interface StoreFilterPickerProps {
  label: string;
  /** The chosen store's id, as the list's URL holds it, or none. */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  hint?: string;
  /** Drawn in a list's toolbar (see {@link StorePickerProps.filter}). */
  filter?: boolean;
}

/**
 * A list's store filter: any store of the programme, searched by name or CNPJ (a select would hold only the first
 * page of a programme's stores). A store read from the URL is named by the stores API; one that cannot be read (removed,
 * a bad link) keeps a generic name, and the list shows what the filter finds.
 */
export function StoreFilterPicker({ label, value, onChange, hint, filter }: StoreFilterPickerProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<PickedStore | null>(null);
  const named = useApiQuery([...resourceKey(cmsStores), 'one', value], () => getStore(value ?? ''), {
    enabled: Boolean(value) && picked?.id !== value,
    silent: true,
    staleTime: 60_000,
  });
  const current =
    picked && picked.id === value
      ? picked
      : value && named.data?.id === value
        ? { id: value, name: named.data.name, cnpj: named.data.cnpj }
        : value && named.error
          ? { id: value, name: t('cmsStores.storeFilterChosen') }
          : null;
  return (
    <StorePicker
      label={label}
      hint={hint}
      filter={filter}
      value={value}
      current={current}
      onChange={(store) => {
        setPicked(store);
        onChange(store?.id);
      }}
    />
  );
}

/**
 * The kit toolbar's filter `key` as a {@link StoreFilterPicker}. The toolbar draws it with the URL's value, so a list
 * filters by any store, and it never redraws the rows when a list of stores arrives.
 */
export const storeFilter = (key: string, label: string) => ({
  key,
  label,
  render: (props: StoreFilterPickerProps) => <StoreFilterPicker {...props} filter />,
});
