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
  professionalBody,
  professionalServerFields,
  professionalValuesOf,
  SubmitButton,
  useForm,
} from '@especifica/mf-shared/forms';
import { useTranslation } from '@especifica/mf-shared/ui';
import { toFormData, updateProfessional } from '../api/profile';

type Profile = Extract<ProfileData, { userType: 'professional' }>;

export function ProfessionalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const form = useForm<ProfessionalValues>({ defaultValues: professionalValuesOf(profile) });

  // Spec 3 update-me: the professional's data with its id, and the e-mail consent as it was.
  const send = async (values: ProfessionalValues) => {
    const body = { _id: profile._id, ...professionalBody(values), acceptReceiveEmail: profile.acceptReceiveEmail };
    const [data, error] = await updateProfessional(toFormData(body));
    if (!data) return error;
    applyProfileUpdate(data);
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
      <ProfessionalPersonalFields />
      <ProfessionalAddressFields />
      <ProfessionalProfessionFields />
      <ProfessionalSocialFields />
      <SubmitButton alignSelf="flex-start">{t('profile.save')}</SubmitButton>
    </Form>
  );
}
