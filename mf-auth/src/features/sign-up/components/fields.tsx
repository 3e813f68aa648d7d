import { MaskedInput, Select } from '@especifica/mf-shared/controls';
import { Field, Input, Text, useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { SignUpForm } from '../model';

export interface StepProps {
  register: UseFormRegister<SignUpForm>;
  control: Control<SignUpForm>;
  errors: FieldErrors<SignUpForm>;
}

interface TextProps {
  name: keyof SignUpForm;
  label: string;
  register: UseFormRegister<SignUpForm>;
  errors: FieldErrors<SignUpForm>;
  type?: string;
  autoComplete?: string;
  mask?: Parameters<typeof MaskedInput>[0]['maskOptions'];
  readOnly?: boolean;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  helper?: ReactNode;
}

export function TextField({ name, label, register, errors, mask, helper, ...input }: TextProps) {
  const error = errors[name]?.message;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {mask ? (
        <MaskedInput maskOptions={mask} registration={register(name)} {...input} />
      ) : (
        <Input {...register(name)} {...input} />
      )}
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface SelectFieldProps {
  name: keyof SignUpForm;
  label: string;
  options: readonly string[] | Array<{ label: string; value: string }>;
  control: Control<SignUpForm>;
  errors: FieldErrors<SignUpForm>;
}

/** The select control of spec 2.8, as a controlled field. */
export function SelectField({ name, label, options, control, errors }: SelectFieldProps) {
  const { t } = useTranslation();
  const error = errors[name]?.message;
  const items = options.map((option) => (typeof option === 'string' ? { label: option, value: option } : option));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div>
          <Select
            label={label}
            name={field.name}
            placeholder={t('signUp.select')}
            options={items}
            value={typeof field.value === 'string' && field.value ? field.value : null}
            onChange={(value) => field.onChange(value)}
          />
          {error && (
            <Text color="fg.error" fontSize="sm" mt="1" role="alert">
              {error}
            </Text>
          )}
        </div>
      )}
    />
  );
}
