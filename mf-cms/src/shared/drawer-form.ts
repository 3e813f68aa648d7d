import type { Result } from '@especifica/mf-shared';
import { type DefaultValues, type FieldValues, type Resolver, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { type ApiMutationOptions, useApiMutation } from '@especifica/mf-shared/kit';
import type { $ZodType } from 'zod/v4/core';

export interface DrawerFormOptions<V extends FieldValues, T> {
  /** The form's rules: a zod schema, or a resolver when the values are checked another way. */
  schema: $ZodType<V, V> | Resolver<V>;
  defaultValues: DefaultValues<V>;
  /** Sends the values; its [data, error] answer decides whether the drawer closes. */
  save: (values: V) => Promise<Result<T>>;
  invalidates: ApiMutationOptions<T, V>['invalidates'];
  /** The success toast; the server's own msg by default. */
  success?: ApiMutationOptions<T, V>['success'];
  /** Closes the drawer: called after a save that succeeded, never after one that failed. */
  done: () => void;
}

/**
 * What every create/edit drawer of the CMS does: a form on its zod rules, a save that toasts its success and
 * refreshes the list, errors left to the form (on their fields, or above them), and the drawer closed on success.
 * Pass `form` and `submit` to the kit's <Form>.
 */
export function useDrawerForm<V extends FieldValues, T extends { msg?: string } | object>(
  options: DrawerFormOptions<V, T>,
) {
  const save = useApiMutation(options.save, {
    invalidates: options.invalidates,
    success:
      options.success ?? ((answer: T) => ('msg' in answer && typeof answer.msg === 'string' ? answer.msg : null)),
    silent: true,
  });
  const form = useForm<V>({
    resolver: typeof options.schema === 'function' ? options.schema : zodResolver(options.schema),
    defaultValues: options.defaultValues,
  });
  const submit = async (values: V) => {
    const [, error] = await save.run(values);
    if (!error) options.done();
    return error;
  };
  return { form, submit, isPending: save.isPending };
}
