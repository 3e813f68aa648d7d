import { type Result, session, toasts } from '@especifica/mf-shared';
import {
  type PasswordChangeForm,
  type ProfileImageResponse,
  type ProfileUpdated,
  passwordChangeFormSchema,
} from '@especifica/mf-shared/contracts';
import { ProfileImage } from '@especifica/mf-shared/controls';
import { Box, Heading, Spinner, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from './fields';
import { Form, SubmitButton } from './form';

// The profile screen of every area (the participants' /profile, the admins' /cms/profile): the picture, the person's
// own data and the password, each in a card, and what a change answers put in the session.

/**
 * Puts what a profile change answered in the session, so the header shows the new name and picture at once. A password
 * change ends every token, this one included: its answer carries a fresh one, which replaces it ("stay logged in" is
 * kept).
 */
export function applyProfileUpdate(updated: ProfileUpdated): void {
  const user = session.value.user;
  if (!user) return;
  if (updated.accessToken) {
    session.setUser({ ...user, ...updated.user, accessToken: updated.accessToken }, session.value.loginAllUsers);
  } else {
    session.patchUser(updated.user);
  }
}

/** Sends a password change (the current password and the new one) through the role's own call. */
export type SendPassword = (change: { password: string; currentPassword: string }) => Promise<Result<ProfileUpdated>>;

/** Asks the current password; the server ends every other session and answers a fresh token for this one. */
export function ChangePasswordForm({ send }: { send: SendPassword }) {
  const { t } = useTranslation();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const change = async ({ password, currentPassword }: PasswordChangeForm) => {
    const [data, error] = await send({ password, currentPassword });
    if (!data) return error;
    applyProfileUpdate(data);
    form.reset();
    toasts.success(t('profile.passwordChanged'));
    return null;
  };

  return (
    <Form form={form} onSubmit={change} toast="always" display="flex" flexDirection="column" gap="4" maxW="420px">
      <Text color="muted" fontSize="sm">
        {t('profile.passwordText')}
      </Text>
      <PasswordField<PasswordChangeForm> name="currentPassword" label={t('profile.currentPassword')} />
      <PasswordField<PasswordChangeForm> name="password" label={t('profile.newPassword')} autoComplete="new-password" />
      <PasswordField<PasswordChangeForm>
        name="confirmPassword"
        label={t('profile.confirmPassword')}
        autoComplete="new-password"
      />
      <SubmitButton alignSelf="flex-start">{t('profile.changePassword')}</SubmitButton>
    </Form>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="card" borderRadius="card" boxShadow="sm" p={{ base: '4', md: '8' }}>
      <Heading as="h2" fontSize="lg" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export interface ProfileScreenProps<P extends { name: string; profileImage: string | null }> {
  /** The person as the API answered them: null while on its way, `false` when it could not be read. */
  profile: P | null | false;
  /** Sends a new picture through the role's own call. */
  uploadImage: (file: File) => Promise<Result<ProfileImageResponse>>;
  /** The form of the person's own data. */
  personal: (profile: P) => ReactNode;
  sendPassword: (profile: P) => SendPassword;
  /** The page's width (the participants' data form has more columns). */
  maxW: string;
}

/** A profile screen: its title, then the picture, the person's data and the password, each in a card. */
export function ProfileScreen<P extends { name: string; profileImage: string | null }>({
  profile,
  uploadImage,
  personal,
  sendPassword,
  maxW,
}: ProfileScreenProps<P>) {
  const { t } = useTranslation();
  if (profile === false) return <Text p="8">{t('profile.loadError')}</Text>;
  if (!profile) return <Spinner m="8" color="brand" />;
  return (
    <Stack gap="6" maxW={maxW} mx="auto" px="4" py="8">
      <Heading as="h1" fontSize="xxl">
        {t('profile.title')}
      </Heading>
      <ProfileSection title={t('profile.image')}>
        <ProfileImage name={profile.name} image={profile.profileImage} upload={uploadImage} />
      </ProfileSection>
      <ProfileSection title={t('profile.personal')}>{personal(profile)}</ProfileSection>
      <ProfileSection title={t('profile.passwordTitle')}>
        <ChangePasswordForm send={sendPassword(profile)} />
      </ProfileSection>
    </Stack>
  );
}
