import { toasts } from '@especifica/mf-shared';
import type { ProfileData } from '@especifica/mf-shared/contracts';
import {
  applyProfileUpdate,
  Form,
  ProfessionalAddressFields,
  ProfessionalPersonalFields,
  ProfessionalProfessionFields,
  ProfessionalSocialFields,
  type ProfessionalValues,
  professionalChanges,
  professionalChangesResolver,
  professionalServerFields,
  professionalValuesOf,
  RequiredNote,
  SubmitButton,
  useForm,
} from '@especifica/mf-shared/forms';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useRef } from 'react';
import { toFormData, updateProfessional } from '../api/profile';

type Profile = Extract<ProfileData, { userType: 'professional' }>;

/**
 * The professional's data, changed one field at a time: a save checks and sends only what was changed (an address,
 * an office or a profession with its number as a whole), so what an older account lacks never blocks the rest.
 */
export function ProfessionalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  // What the server holds now: the form's values when it opened, then those of each save.
  const saved = useRef(professionalValuesOf(profile));
  const form = useForm<ProfessionalValues>({
    defaultValues: saved.current,
    resolver: professionalChangesResolver(() => saved.current),
  });

  // Spec 3 update-me: the professional's id with what changed.
  const send = async (values: ProfessionalValues) => {
    const body = { _id: profile._id, ...professionalChanges(saved.current, values) };
    const [data, error] = await updateProfessional(toFormData(body));
    if (!data) return error;
    applyProfileUpdate(data);
    saved.current = values;
    form.reset(values);
    toasts.success(t('profile.saved'));
    return null;
  };

  return (
    <Form
      form={form}
      onSubmit={send}
      serverFields={professionalServerFields}
      toast="always"
      display="flex"
      flexDirection="column"
      gap="4"
    >
      <RequiredNote />
      <ProfessionalPersonalFields />
      <ProfessionalAddressFields lookupCep />
      <ProfessionalProfessionFields />
      <ProfessionalSocialFields />
      <SubmitButton alignSelf="flex-start">{t('profile.save')}</SubmitButton>
    </Form>
  );
}
