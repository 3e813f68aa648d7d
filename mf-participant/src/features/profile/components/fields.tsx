import { MaskedInput } from '@especifica/mf-shared/controls';
import { Field, Input } from '@especifica/mf-shared/ui';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';

interface Props<T extends FieldValues> {
  name: Path<T>;
  label: string;
  register: UseFormRegister<T>;
  error?: string;
  type?: string;
  mask?: Parameters<typeof MaskedInput>[0]['maskOptions'];
  autoComplete?: string;
}

export function TextField<T extends FieldValues>({ name, label, register, error, mask, ...input }: Props<T>) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {mask ? (
        <MaskedInput maskOptions={mask} registration={register(name)} {...input} />
      ) : (
        <Input {...register(name)} {...input} />
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The server's field errors ({ field, message }[]) under the form's names. */
export function fieldErrors(data: unknown, names: Record<string, string>): Array<[string, string]> {
  if (!Array.isArray(data)) return [];
  return (data as Array<{ field?: string; message?: string }>)
    .filter((issue) => issue.field && issue.message && names[issue.field])
    .map((issue) => [names[issue.field as string] as string, issue.message as string]);
}
