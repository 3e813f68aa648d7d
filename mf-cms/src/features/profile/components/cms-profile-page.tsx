import { toasts } from '@especifica/mf-shared';
import { type AdminProfile, accountMessages, passwordChangeFormSchema } from '@especifica/mf-shared/contracts';
import { ProfileImage } from '@especifica/mf-shared/controls';
import { useForm, zodResolver } from '@especifica/mf-shared/forms';
import {
  Box,
  Button,
  chakra,
  Field,
  Heading,
  Input,
  Spinner,
  Stack,
  Text,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { applyToSession, getMe, setProfileImage, updateMe } from '../api/profile';

const dataSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, accountMessages.name)),
  email: z.string().check(z.trim(), z.email(accountMessages.email)),
});
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="card" borderRadius="card" boxShadow="sm" p={{ base: '4', md: '8' }}>
      <Heading as="h2" fontSize="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function TextInput(
  props: { label: string; error?: string; type?: string } & ReturnType<ReturnType<typeof useForm>['register']>,
) {
  const { label, error, type, ...field } = props;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} {...field} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** /cms/profile: the admin's own name, e-mail, picture and password (spec 7.4). */
export function CmsProfilePage() {
  const { t } = useTranslation();
  const [me, setMe] = useState<AdminProfile | null>(null);
  const [failed, setFailed] = useState(false);
  const data = useForm({ resolver: zodResolver(dataSchema), defaultValues: { name: '', email: '' } });
  const password = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  useEffect(() => {
    void getMe().then(([profile]) => {
      if (!profile) return setFailed(true);
      setMe(profile);
      data.reset({ name: profile.name, email: profile.email });
    });
  }, [data.reset]);

  if (failed) return <Text p="8">{t('profile.loadError')}</Text>;
  if (!me) return <Spinner m="8" color="brand" />;

  const saveData = data.handleSubmit(async (values) => {
    const [updated, error] = await updateMe(values);
    if (!updated) return error && toasts.error(error.msg);
    applyToSession(updated);
    setMe({ ...me, ...updated.user });
    toasts.success(t('profile.savedAdmin'));
  });

  const savePassword = password.handleSubmit(async ({ currentPassword, password: next }) => {
    const [updated, error] = await updateMe({ name: me.name, email: me.email, password: next, currentPassword });
    if (!updated) {
      if (error?.code === 'validation') password.setError('currentPassword', { message: error.msg });
      return error && toasts.error(error.msg);
    }
    applyToSession(updated);
    password.reset();
    toasts.success(t('profile.passwordChanged'));
  });

  return (
    <Stack gap="6" maxW="760px" mx="auto" px="4" py="8">
      <Heading as="h1" fontSize="xxl">
        {t('profile.title')}
      </Heading>
      <Section title={t('profile.image')}>
        <ProfileImage name={me.name} image={me.profileImage} upload={setProfileImage} />
      </Section>
      <Section title={t('profile.personal')}>
        <chakra.form onSubmit={saveData} noValidate display="flex" flexDirection="column" gap="4">
          <TextInput label={t('signUp.name')} error={data.formState.errors.name?.message} {...data.register('name')} />
          <TextInput
            label={t('signUp.email')}
            type="email"
            error={data.formState.errors.email?.message}
            {...data.register('email')}
          />
          <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={data.formState.isSubmitting}>
            {t('profile.save')}
          </Button>
        </chakra.form>
      </Section>
      <Section title={t('profile.passwordTitle')}>
        <chakra.form onSubmit={savePassword} noValidate display="flex" flexDirection="column" gap="4" maxW="420px">
          <Text color="muted" fontSize="sm">
            {t('profile.passwordText')}
          </Text>
          <TextInput
            label={t('profile.currentPassword')}
            type="password"
            error={password.formState.errors.currentPassword?.message}
            {...password.register('currentPassword')}
          />
          <TextInput
            label={t('profile.newPassword')}
            type="password"
            error={password.formState.errors.password?.message}
            {...password.register('password')}
          />
          <TextInput
            label={t('profile.confirmPassword')}
            type="password"
            error={password.formState.errors.confirmPassword?.message}
            {...password.register('confirmPassword')}
          />
          <Button type="submit" colorPalette="primary" alignSelf="flex-start" loading={password.formState.isSubmitting}>
            {t('profile.changePassword')}
          </Button>
        </chakra.form>
      </Section>
    </Stack>
  );
}
