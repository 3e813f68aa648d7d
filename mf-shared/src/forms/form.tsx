import type { ButtonProps, HTMLChakraProps } from '@chakra-ui/react';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { Button, chakra } from '@especifica/mf-shared/ui';
import { createContext, useContext, useId } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { applyServerError, type ServerErrorOptions, type ServerFields } from './server-errors';

/** The id of the form around: its submit button names it, so that it also sends from a drawer's footer. */
const FormId = createContext<string | undefined>(undefined);

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
  id,
  ...rest
}: FormProps<T>) {
  const ownId = useId();
  const formId = id ?? ownId;
  const submit = form.handleSubmit(async (values) => {
    const error = await onSubmit(values);
    if (error) applyServerError(form, error, { fields: serverFields, toast });
  }, onInvalid);
  return (
    <FormProvider {...form}>
      <FormId.Provider value={formId}>
        <chakra.form id={formId} noValidate onSubmit={submit} {...rest}>
          {children}
        </chakra.form>
      </FormId.Provider>
    </FormProvider>
  );
}

/**
 * The submit button of the form around it: busy and disabled while the form sends, so nothing is sent twice. It
 * names its form, so that it sends it from outside the form's element too (a drawer's footer, `DrawerActions`).
 */
export function SubmitButton(props: ButtonProps) {
  const { isSubmitting } = useFormState();
  const form = useContext(FormId);
  return (
    <Button
      type="submit"
      form={form}
      colorPalette="primary"
      loading={isSubmitting}
      disabled={isSubmitting}
      {...props}
    />
  );
}
