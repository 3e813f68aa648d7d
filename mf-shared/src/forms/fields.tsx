import { birthDateToIso, isoToBirthDate } from '@especifica/mf-shared/contracts';
import { FieldNotes, requiredMark, Select, type SelectOption } from '@especifica/mf-shared/controls';
import { Box, Field, Flex, Input, Text, Textarea, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import {
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { formatAmount, parseAmount } from './amount';
import { MaskedInput, masks } from './masked-input';

/** What every field of the kit takes; the field reads its form from the nearest `Form` (or `FormProvider`). */
export interface FieldProps<T extends FieldValues> {
  name: Path<T>;
  label: string;
  helper?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** A field the form needs: an asterisk beside the label (`RequiredNote` says what it means), and aria-required. */
  required?: boolean;
}

function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  let current: unknown = errors;
  for (const key of name.split('.')) current = (current as Record<string, unknown> | undefined)?.[key];
  const message = (current as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** What the control of a field carries so that assistive technology reads its message and helper with it. */
interface Described {
  'aria-describedby'?: string;
}

/**
 * Label, helper and the pt-BR message beside the control. Chakra's field gives the control its id and
 * `aria-invalid`; `aria-describedby` names the helper and the message (Chakra's own names only the helper).
 */
function FieldFrame({
  name,
  label,
  helper,
  readOnly,
  disabled,
  required,
  children,
}: Omit<FieldProps<FieldValues>, 'autoComplete'> & { children: (described: Described) => ReactNode }) {
  const error = useFieldError(name);
  const id = useId();
  const ids = { helperText: `${id}-helper`, errorText: `${id}-error` };
  const describedBy = [helper ? ids.helperText : null, error ? ids.errorText : null].filter(Boolean).join(' ');
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly} disabled={disabled} required={required} ids={ids}>
      <Field.Label css={required ? requiredMark : undefined}>{label}</Field.Label>
      {children({ 'aria-describedby': describedBy || undefined })}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

type TextInputProps<T extends FieldValues> = FieldProps<T> & {
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url';
  placeholder?: string;
};

export function TextField<T extends FieldValues>({
  name,
  label,
  helper,
  readOnly,
  disabled,
  required,
  ...input
}: TextInputProps<T>) {
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} helper={helper} readOnly={readOnly} disabled={disabled} required={required}>
      {(described) => <Input {...register(name)} {...input} {...described} />}
    </FieldFrame>
  );
}

/** Several lines of text (a regulation, an answer, benefits); `rows` sets its height. */
export function TextareaField<T extends FieldValues>({
  name,
  label,
  helper,
  readOnly,
  disabled,
  rows = 4,
}: FieldProps<T> & { rows?: number }) {
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} helper={helper} readOnly={readOnly} disabled={disabled}>
      {(described) => <Textarea {...register(name)} rows={rows} {...described} />}
    </FieldFrame>
  );
}

export function EmailField<T extends FieldValues>(props: FieldProps<T>) {
  return <TextField<T> type="email" inputMode="email" autoComplete="email" {...props} />;
}

export function PasswordField<T extends FieldValues>(props: FieldProps<T>) {
  return <TextField<T> type="password" autoComplete="current-password" {...props} />;
}

/** The masks of spec 2.4; `cnpj` takes the alphanumeric CNPJ too. */
export type MaskName = keyof typeof masks;

const maskInput: Record<MaskName, { inputMode: 'numeric' | 'tel' | 'text'; type?: 'tel' }> = {
  cpf: { inputMode: 'numeric' },
  cnpj: { inputMode: 'text' },
  phone: { inputMode: 'tel', type: 'tel' },
  cep: { inputMode: 'numeric' },
  date: { inputMode: 'numeric' },
};

/** A field with a mask; the form holds the text as shown (e.g. `529.982.247-25`). */
export function MaskedField<T extends FieldValues>({
  name,
  label,
  helper,
  readOnly,
  disabled,
  required,
  mask,
  autoComplete,
}: FieldProps<T> & { mask: MaskName }) {
  const { register } = useFormContext<T>();
  return (
    <FieldFrame name={name} label={label} helper={helper} readOnly={readOnly} disabled={disabled} required={required}>
      {(described) => (
        <MaskedInput
          maskOptions={masks[mask]}
          registration={register(name)}
          autoComplete={autoComplete}
          {...maskInput[mask]}
          {...described}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps<T extends FieldValues> extends FieldProps<T> {
  options: readonly string[] | SelectOption[];
  placeholder?: string;
}

/** The select control of spec 2.8 as a form field; the form holds the chosen value ('' for none). */
export function SelectField<T extends FieldValues>({
  name,
  label,
  options,
  placeholder,
  helper,
  disabled,
  required,
}: SelectFieldProps<T>) {
  const { t } = useTranslation();
  const { field } = useController<T>({ name });
  const error = useFieldError(name);
  const id = useId();
  const items = options.map((option) => (typeof option === 'string' ? { label: option, value: option } : option));
  const describedBy = [helper ? `${id}-helper` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <Box>
      <Select
        id={`${id}-select`}
        label={label}
        name={field.name}
        placeholder={placeholder ?? t('controls.selectPlaceholder')}
        options={items}
        value={typeof field.value === 'string' && field.value ? field.value : null}
        onChange={(value) => field.onChange(value)}
        isDisabled={disabled}
        invalid={Boolean(error)}
        describedBy={describedBy || undefined}
        required={required}
      />
      <FieldNotes id={id} helper={helper} error={error} />
    </Box>
  );
}

/**
 * A controlled input that shows `text` while the form holds `toValue(text)`; a value set from outside (a reset) is
 * shown through `toText`.
 */
function useShownText<V>(value: V, toText: (value: V) => string, toValue: (text: string) => V) {
  const [text, setText] = useState(() => toText(value));
  useEffect(() => {
    setText((shown) => (Object.is(toValue(shown), value) ? shown : toText(value)));
  }, [value, toText, toValue]);
  return [text, setText] as const;
}

const isoOfTyped = (text: string) => birthDateToIso(text) ?? text;
const typedOfIso = (value: unknown) => (typeof value === 'string' ? isoToBirthDate(value) || value : '');

/**
 * A date typed as DD/MM/YYYY; the form holds YYYY-MM-DD, as the API takes it (what was typed, while it is no real
 * date, so the contract's date check answers with its message).
 */
export function DateField<T extends FieldValues>({ name, label, helper, readOnly, disabled }: FieldProps<T>) {
  const { field } = useController<T>({ name });
  const [text, setText] = useShownText<unknown>(field.value, typedOfIso, isoOfTyped);
  const registration: UseFormRegisterReturn = {
    name: field.name,
    ref: field.ref,
    onBlur: async () => field.onBlur(),
    onChange: async (event: { target: { value: string } }) => {
      setText(event.target.value);
      field.onChange(isoOfTyped(event.target.value));
    },
  };
  return (
    <FieldFrame name={name} label={label} helper={helper} readOnly={readOnly} disabled={disabled}>
      {(described) => (
        <MaskedInput
          maskOptions={masks.date}
          registration={registration}
          value={text}
          inputMode="numeric"
          {...described}
        />
      )}
    </FieldFrame>
  );
}

function AmountField<T extends FieldValues>({
  name,
  label,
  helper,
  readOnly,
  disabled,
  kind,
}: FieldProps<T> & { kind: 'money' | 'points' }) {
  const { field } = useController<T>({ name });
  const toText = (value: unknown) => (typeof value === 'number' ? formatAmount(value, kind) : '');
  const [text, setText] = useShownText<unknown>(field.value, toText, parseAmount);
  const input = (described: Described) => (
    <Input
      {...described}
      name={field.name}
      ref={field.ref}
      value={text}
      inputMode="decimal"
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(parseAmount(event.target.value));
      }}
      onBlur={() => {
        const value = parseAmount(text);
        if (typeof value === 'number' && !Number.isNaN(value)) setText(formatAmount(value, kind));
        field.onBlur();
      }}
    />
  );
  return (
    <FieldFrame name={name} label={label} helper={helper} readOnly={readOnly} disabled={disabled}>
      {(described) =>
        kind === 'money' ? (
          <Flex align="center" gap="2" w="100%">
            <Text aria-hidden="true" color="muted">
              R$
            </Text>
            {input(described)}
          </Flex>
        ) : (
          input(described)
        )
      }
    </FieldFrame>
  );
}

/**
 * Reais typed in pt-BR (`1.234,56`); the form holds the number the API takes (1234.56, at most 2 decimals: the
 * contracts' amount check answers for more), null when empty.
 */
export function MoneyField<T extends FieldValues>(props: FieldProps<T>) {
  return <AmountField<T> {...props} kind="money" />;
}

/** Points typed in pt-BR with up to 2 decimals (`1.234,5`); the form holds the number, null when empty. */
export function PointsField<T extends FieldValues>(props: FieldProps<T>) {
  return <AmountField<T> {...props} kind="points" />;
}

/** What the asterisk beside a label means, once at the top of a form that marks its required fields. */
export function RequiredNote() {
  const { t } = useTranslation();
  return (
    <Text color="muted" fontSize="sm">
      {t('forms.requiredNote')}
    </Text>
  );
}
