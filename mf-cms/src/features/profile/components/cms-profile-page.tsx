import { toasts } from '@especifica/mf-shared';
import { type AdminProfile, accountMessages } from '@especifica/mf-shared/contracts';
import {
  applyProfileUpdate,
  EmailField,
  Form,
  ProfileScreen,
  SubmitButton,
  TextField,
  useForm,
  zodResolver,
} from '@especifica/mf-shared/forms';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { getMe, setProfileImage, updateMe } from '../api/profile';

const dataSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, accountMessages.name)),
  email: z.string().check(z.trim(), z.email(accountMessages.email)),
});
type DataValues = z.infer<typeof dataSchema>;

/** The admin's name and e-mail; `saved` gets the profile as the server now has it. */
function AdminDataForm({ me, saved }: { me: AdminProfile; saved: (me: AdminProfile) => void }) {
  const { t } = useTranslation();
  const form = useForm<DataValues>({
    resolver: zodResolver(dataSchema),
    defaultValues: { name: me.name, email: me.email },
  });
  const save = async (values: DataValues) => {
    const [updated, error] = await updateMe(values);
    if (!updated) return error;
    applyProfileUpdate(updated);
    saved({ ...me, ...updated.user });
    toasts.success(t('profile.savedAdmin'));
    return null;
  };
  return (
    <Form form={form} onSubmit={save} toast="always" display="flex" flexDirection="column" gap="4">
      <TextField<DataValues> name="name" label={t('signUp.name')} />
      <EmailField<DataValues> name="email" label={t('signUp.email')} />
      <SubmitButton alignSelf="flex-start">{t('profile.save')}</SubmitButton>
    </Form>
  );
}

/** /cms/profile: the admin's own name, e-mail, picture and password (spec 7.4). */
export function CmsProfilePage() {
  const [me, setMe] = useState<AdminProfile | null | false>(null);

  useEffect(() => {
    void getMe().then(([profile]) => setMe(profile ?? false));
  }, []);

  return (
    <ProfileScreen
      profile={me}
      uploadImage={setProfileImage}
      maxW="760px"
      personal={(profile) => <AdminDataForm me={profile} saved={setMe} />}
      sendPassword={(profile) => (change) => updateMe({ name: profile.name, email: profile.email, ...change })}
    />
  );
}
