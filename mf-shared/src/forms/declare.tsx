import { DrawerActions, type SelectOption } from '@especifica/mf-shared/controls';
import { SimpleGrid, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { Fragment, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import * as Fields from './fields';
import { Form, type FormProps, SubmitButton } from './form';
import type { ServerFields } from './server-errors';

type Translate = ReturnType<typeof useTranslation>['t'];

/** A text key, or what the form's item (null when creating) makes of it: `(user) => user ? 'newPassword' : …`. */
export type ItemText<Item> = string | ((item: Item | null) => string | undefined);

interface FieldCommon<Values extends FieldValues, Item> {
  /** The values' field it holds: checked against the values' type. */
  name: Path<Values>;
  /** A text key, written only when it is not the form's `labels` prefix and the name (`${labels}.${name}`). */
  label?: ItemText<Item>;
  helper?: ItemText<Item>;
  readOnly?: (item: Item | null) => boolean;
  /** Which forms have it: every one when not given (e.g. `(user) => user === null`, only when creating). */
  when?: (item: Item | null) => boolean;
  autoComplete?: string;
}

/** One field of a declared form, as data: `type` picks the kit's field (`text` when not given). */
export type FieldDeclaration<Values extends FieldValues, Item> = FieldCommon<Values, Item> &
  (
    | { type?: 'text'; inputMode?: 'text' | 'numeric' | 'decimal'; placeholder?: string }
    | { type: 'email' | 'password' | 'points' | 'money' | 'date' }
    | { type: 'textarea'; rows?: number }
    | { type: 'masked'; mask: Fields.MaskName }
    | {
        type: 'select';
        /** Values shown as they are, or with `optionLabels` the text-key prefix of their labels; the screen may
         * give them instead (`options` of DeclaredForm, by name), as a list's filter. */
        options?: readonly string[];
        optionLabels?: string;
        /** A text key; "Selecione" by default. */
        placeholder?: string;
      }
  );

/** What is not a declaration (a picker, a file drop, a heading between fields): drawn by the screen. */
export interface RenderDeclaration<Item> {
  render: (item: Item | null, t: Translate) => ReactNode;
  when?: (item: Item | null) => boolean;
}

/** A form's entry: a field, a row of fields (a grid of two columns from a small screen up), or a render. */
export type FormEntry<Values extends FieldValues, Item> =
  | FieldDeclaration<Values, Item>
  | readonly FieldDeclaration<Values, Item>[]
  | RenderDeclaration<Item>;

/**
 * A form, declared once at module level: its fields as data and its texts as keys, the labels under one prefix.
 * `DeclaredForm` draws it (see docs/recipes.md, "Add a form").
 */
export interface FormDeclaration<Values extends FieldValues, Item = never> {
  /** The text-key prefix of the labels: a field without `label` is labelled `${labels}.${name}`. */
  labels: string;
  fields: readonly FormEntry<Values, Item>[];
  /** Server field paths to the form's names where they differ (see applyServerError). */
  serverFields?: ServerFields<Values>;
  /** The submit button's text key; `kit.save` by default. */
  submit?: string;
}

export type DrawnEntry<Values extends FieldValues, Item> =
  | { key: string; field: FieldDeclaration<Values, Item> }
  | { key: string; row: readonly FieldDeclaration<Values, Item>[] }
  | { key: string; render: RenderDeclaration<Item> };

/** A declared form as DeclaredForm reads it: each entry with its key. */
export interface DefinedForm<Values extends FieldValues, Item = never>
  extends Omit<FormDeclaration<Values, Item>, 'fields'> {
  entries: readonly DrawnEntry<Values, Item>[];
}

const isRender = <Values extends FieldValues, Item>(entry: FormEntry<Values, Item>): entry is RenderDeclaration<Item> =>
  'render' in entry;

/** Types a form declaration; one per form, at module level. */
export const defineForm = <Values extends FieldValues, Item = never>({
  fields,
  ...form
}: FormDeclaration<Values, Item>): DefinedForm<Values, Item> => ({
  ...form,
  entries: fields.map((entry, index): DrawnEntry<Values, Item> => {
    if (isRender(entry)) return { key: `render-${index}`, render: entry };
    if (Array.isArray(entry)) return { key: entry.map((field) => field.name).join('+'), row: entry };
    const field = entry as FieldDeclaration<Values, Item>;
    return { key: field.name, field };
  }),
});

const textOf = <Item,>(text: ItemText<Item> | undefined, item: Item | null) =>
  typeof text === 'function' ? text(item) : text;

const shown = <Item,>(entry: { when?: (item: Item | null) => boolean }, item: Item | null) =>
  entry.when?.(item) ?? true;

function DeclaredField<Values extends FieldValues, Item>({
  field,
  labels,
  item,
  options,
}: {
  field: FieldDeclaration<Values, Item>;
  labels: string;
  item: Item | null;
  options?: SelectOption[];
}) {
  const { t } = useTranslation();
  const helper = textOf(field.helper, item);
  const props = {
    name: field.name,
    label: t(textOf(field.label, item) ?? `${labels}.${field.name}`),
    helper: helper && t(helper),
    readOnly: field.readOnly?.(item),
    autoComplete: field.autoComplete,
  };
  switch (field.type) {
    case 'email':
      return <Fields.EmailField<Values> {...props} />;
    case 'password':
      return <Fields.PasswordField<Values> {...props} />;
    case 'points':
      return <Fields.PointsField<Values> {...props} />;
    case 'money':
      return <Fields.MoneyField<Values> {...props} />;
    case 'date':
      return <Fields.DateField<Values> {...props} />;
    case 'textarea':
      return <Fields.TextareaField<Values> {...props} rows={field.rows} />;
    case 'masked':
      return <Fields.MaskedField<Values> {...props} mask={field.mask} />;
    case 'select':
      return (
        <Fields.SelectField<Values>
          {...props}
          placeholder={field.placeholder && t(field.placeholder)}
          options={
            options ??
            (field.optionLabels
              ? (field.options ?? []).map((value) => ({ value, label: t(`${field.optionLabels}.${value}`) }))
              : (field.options ?? []))
          }
        />
      );
    default:
      return (
        <Fields.TextField<Values>
          {...props}
          inputMode={field.inputMode}
          placeholder={field.placeholder && t(field.placeholder)}
        />
      );
  }
}

export interface DeclaredFormProps<Values extends FieldValues, Item>
  extends Pick<FormProps<Values>, 'onSubmit' | 'toast'> {
  /** The declaration (defineForm). */
  form: DefinedForm<Values, Item>;
  /** The form's state: `useForm`'s answer (in the CMS, useDrawerForm's `form`). */
  state: UseFormReturn<Values>;
  /** The item being edited, null when creating: what the item-dependent parts of the declaration are given. */
  item?: Item | null;
  /** A select's options made by the screen (read from the API), by the field's name; shown as they are. */
  options?: Partial<Record<Path<Values>, SelectOption[]>>;
  /**
   * Where the form is drawn: a drawer's submit spans its width, in the drawer's footer (always in view however long
   * the form); a card's on a page keeps its own width, as the other cards' submits do.
   */
  placement?: 'drawer' | 'card';
}

/**
 * Draws a declared form: its fields in a `Stack`, a row in a two-column grid, then the `SubmitButton` (in a drawer,
 * in its footer), inside the kit's `Form`: the server's 400 beside the fields it names, through the declaration's
 * `serverFields`; another refusal (409, 422, 404) at the top of the drawer around, or toasted on a page.
 */
export function DeclaredForm<Values extends FieldValues, Item = never>({
  form,
  state,
  item = null,
  options,
  onSubmit,
  toast,
  placement = 'drawer',
}: DeclaredFormProps<Values, Item>) {
  const { t } = useTranslation();
  const submit = t(form.submit ?? 'kit.save');
  const field = (declaration: FieldDeclaration<Values, Item>) => (
    <DeclaredField<Values, Item>
      key={declaration.name}
      field={declaration}
      labels={form.labels}
      item={item}
      options={options?.[declaration.name]}
    />
  );
  return (
    <Form form={state} onSubmit={onSubmit} serverFields={form.serverFields} toast={toast}>
      <Stack gap="4">
        {form.entries.map((entry) => {
          if ('render' in entry) {
            return shown(entry.render, item) && <Fragment key={entry.key}>{entry.render.render(item, t)}</Fragment>;
          }
          if ('field' in entry) return shown(entry.field, item) && field(entry.field);
          const row = entry.row.filter((declaration) => shown(declaration, item));
          return (
            row.length > 0 && (
              <SimpleGrid key={entry.key} columns={{ base: 1, sm: 2 }} gap="4">
                {row.map(field)}
              </SimpleGrid>
            )
          );
        })}
        {placement === 'card' ? (
          <SubmitButton alignSelf="flex-start">{submit}</SubmitButton>
        ) : (
          <DrawerActions>
            <SubmitButton w="full">{submit}</SubmitButton>
          </DrawerActions>
        )}
      </Stack>
    </Form>
  );
}
