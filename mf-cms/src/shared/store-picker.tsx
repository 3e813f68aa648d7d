import { api, type Result } from '@especifica/mf-shared';
import { formatCnpj, type Store } from '@especifica/mf-shared/contracts';
import { useFormContext } from '@especifica/mf-shared/forms';
import type { Page } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type FieldValues, type Path, useController, useFormState } from 'react-hook-form';
import { PICKER_SHOWN, SearchPicker } from './search-picker';

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
}

/** Any store of the programme, searched by name or CNPJ as the admin types: a list's filter or a form's field. */
export function StorePicker({ label, value, onChange, onBlur, current, hint, error, name }: StorePickerProps) {
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
