import { type AdminProfessional, formatCpf, professions } from '@especifica/mf-shared/contracts';
import {
  EmailField,
  Form,
  MaskedField,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
} from '@especifica/mf-shared/forms';
import { resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { Stack, useTranslation } from '@especifica/mf-shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
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

const invalidates = [resourceKey(cmsProfessionals)];

function CreateForm({ done }: { done: () => void }) {
  const { t } = useTranslation();
  const save = useApiMutation(createProfessional, { invalidates, success: savedMessage(null), silent: true });
  const form = useForm<CreateProfessionalValues>({
    resolver: zodResolver(createProfessionalSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const submit = async (values: CreateProfessionalValues) => {
    const [, error] = await save.run(values);
    if (!error) done();
    return error;
  };
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
  const save = useApiMutation((values: EditProfessionalValues) => updateProfessional(professional, values), {
    invalidates,
    success: savedMessage(professional),
    silent: true,
  });
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
  const submit = async (values: EditProfessionalValues) => {
    const [, error] = await save.run(values);
    if (!error) done();
    return error;
  };
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
