import type { ButtonProps, HTMLChakraProps } from '@chakra-ui/react';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { Button, chakra } from '@especifica/mf-shared/ui';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { applyServerError, type ServerErrorOptions, type ServerFields } from './server-errors';

export interface FormProps<T extends FieldValues> extends Omit<HTMLChakraProps<'form'>, 'onSubmit' | 'onInvalid'> {
  /** The form of `useForm` (with `zodResolver(contract)` for the call's zod contract). */
  form: UseFormReturn<T>;
  /**
   * Sends the valid values. Answer the server's error to refuse: it lands on the fields it names (see
   * applyServerError) and every typed value stays as it was.
   */
  onSubmit: (values: T) => Promise<ApiError | null | undefined>;
  onInvalid?: SubmitErrorHandler<T>;
  serverFields?: ServerFields<T>;
  toast?: ServerErrorOptions<T>['toast'];
}

/** A form of the kit: its fields find it by context; `SubmitButton` is disabled while it sends. */
export function Form<T extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  serverFields,
  toast,
  children,
  ...rest
}: FormProps<T>) {
  const submit = form.handleSubmit(async (values) => {
    const error = await onSubmit(values);
    if (error) applyServerError(form, error, { fields: serverFields, toast });
  }, onInvalid);
  return (
    <FormProvider {...form}>
      <chakra.form noValidate onSubmit={submit} {...rest}>
        {children}
      </chakra.form>
    </FormProvider>
  );
}

/** The submit button of the form around it: busy and disabled while the form sends, so nothing is sent twice. */
export function SubmitButton(props: ButtonProps) {
  const { isSubmitting } = useFormState();
  return <Button type="submit" colorPalette="primary" loading={isSubmitting} disabled={isSubmitting} {...props} />;
}
