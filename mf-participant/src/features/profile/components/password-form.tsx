import { type Result, toasts } from '@especifica/mf-shared';
import {
  type PasswordChangeForm,
  type ProfileUpdated,
  passwordChangeFormSchema,
} from '@especifica/mf-shared/contracts';
import { Form, PasswordField, SubmitButton, useForm, zodResolver } from '@especifica/mf-shared/forms';
import { Text, useTranslation } from '@especifica/mf-shared/ui';
import { applyToSession } from '../api/profile';

type Values = PasswordChangeForm;

/** Asks the current password; the server ends every other session and answers a fresh token for this one. */
export function PasswordForm({
  send,
}: {
  send: (change: { password: string; currentPassword: string }) => Promise<Result<ProfileUpdated>>;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  const change = async ({ password, currentPassword }: Values) => {
    const [data, error] = await send({ password, currentPassword });
    if (!data) return error;
    applyToSession(data);
    form.reset();
    toasts.success(t('profile.passwordChanged'));
    return null;
  };

  return (
    <Form form={form} onSubmit={change} toast="always" display="flex" flexDirection="column" gap="4" maxW="420px">
      <Text color="muted" fontSize="sm">
        {t('profile.passwordText')}
      </Text>
      <PasswordField<Values> name="currentPassword" label={t('profile.currentPassword')} />
      <PasswordField<Values> name="password" label={t('profile.newPassword')} autoComplete="new-password" />
      <PasswordField<Values> name="confirmPassword" label={t('profile.confirmPassword')} autoComplete="new-password" />
      <SubmitButton alignSelf="flex-start">{t('profile.changePassword')}</SubmitButton>
    </Form>
  );
}
