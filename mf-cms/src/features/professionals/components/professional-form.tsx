import { type AdminProfessional, formatCpf, professions } from '@especifica/mf-shared/contracts';
import {
  EmailField,
  Form,
  MaskedField,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import { resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { Stack, useTranslation } from '@especifica/mf-shared/ui';
import {
  type CreateProfessionalValues,
  cmsProfessionals,
  createProfessional,
  createProfessionalSchema,
  type EditProfessionalValues,
  editProfessionalSchema,
  savedMessage,
  updateProfessional,
} from '../api/professionals';

/** Create (name, e-mail, password: the account starts active) or edit (personal data) a professional. */
export function ProfessionalForm({ professional, done }: { professional: AdminProfessional | null; done: () => void }) {
  return professional ? <EditForm professional={professional} done={done} /> : <CreateForm done={done} />;
}

/** Saves, toasts the spec's sentence, refreshes the list and the person, and closes the drawer; a refusal stays. */
function useSave<V>(
  call: (values: V) => ReturnType<typeof createProfessional>,
  saved: AdminProfessional | null,
  done: () => void,
) {
  const save = useApiMutation(call, {
    invalidates: [resourceKey(cmsProfessionals)],
    success: savedMessage(saved),
    silent: true,
  });
  return async (values: V) => {
    const [, error] = await save.run(values);
    if (!error) done();
    return error;
  };
}

function CreateForm({ done }: { done: () => void }) {
  const { t } = useTranslation();
  const submit = useSave(createProfessional, null, done);
  const form = useForm<CreateProfessionalValues>({
    resolver: zodResolver(createProfessionalSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <TextField<CreateProfessionalValues> name="name" label={t('professionals.name')} />
        <EmailField<CreateProfessionalValues> name="email" label={t('professionals.email')} />
        <PasswordField<CreateProfessionalValues>
          name="password"
          label={t('professionals.password')}
          autoComplete="new-password"
        />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

function EditForm({ professional, done }: { professional: AdminProfessional; done: () => void }) {
  const { t } = useTranslation();
  const submit = useSave(
    (values: EditProfessionalValues) => updateProfessional(professional, values),
    professional,
    done,
  );
  const form = useForm<EditProfessionalValues>({
    resolver: zodResolver(editProfessionalSchema),
    defaultValues: {
      name: professional.name,
      email: professional.email,
      cpf: professional.cpf ? formatCpf(professional.cpf) : '',
      cellphone: professional.cellphone ?? '',
      profession: (professional.profession ?? '') as EditProfessionalValues['profession'],
    },
  });
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <TextField<EditProfessionalValues> name="name" label={t('professionals.name')} />
        <EmailField<EditProfessionalValues> name="email" label={t('professionals.email')} />
        <MaskedField<EditProfessionalValues> name="cpf" label={t('professionals.cpf')} mask="cpf" />
        <MaskedField<EditProfessionalValues> name="cellphone" label={t('professionals.cellphone')} mask="phone" />
        <SelectField<EditProfessionalValues>
          name="profession"
          label={t('professionals.profession')}
          options={professions}
        />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}
