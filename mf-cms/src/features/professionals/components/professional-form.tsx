import { type AdminProfessional, formatCpf, professions } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
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

/** A new professional: the account starts active with the password the admin gives. */
const createForm = defineForm<CreateProfessionalValues>({
  labels: 'professionals',
  fields: [
    { name: 'name' },
    { name: 'email', type: 'email' },
    { name: 'password', type: 'password', autoComplete: 'new-password' },
  ],
});

/** A professional's personal data. */
const editForm = defineForm<EditProfessionalValues>({
  labels: 'professionals',
  fields: [
    { name: 'name' },
    { name: 'email', type: 'email' },
    { name: 'cpf', type: 'masked', mask: 'cpf' },
    { name: 'cellphone', type: 'masked', mask: 'phone' },
    { name: 'profession', type: 'select', options: professions },
  ],
});

function CreateForm({ done }: { done: () => void }) {
  const submit = useSave(createProfessional, null, done);
  const form = useForm<CreateProfessionalValues>({
    resolver: zodResolver(createProfessionalSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  return <DeclaredForm form={createForm} state={form} onSubmit={submit} />;
}

function EditForm({ professional, done }: { professional: AdminProfessional; done: () => void }) {
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
  return <DeclaredForm form={editForm} state={form} onSubmit={submit} />;
}
