import { session, toasts } from '@especifica/mf-shared';
import { useForm, zodResolver } from '@especifica/mf-shared/forms';
import { RouterLink, useLocation, useNavigate } from '@especifica/mf-shared/router';
import { Alert, Button, Field, Input, Link, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { AuthCard } from '../../../components/auth-card';
import { type ResetForm, recoveryPaths, recoveryRole, resetFormSchema, resetPassword } from '../api/recovery';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const recoverPassword = useSession((state) => state.recoverPassword);
  const role = recoveryRole(pathname, recoverPassword?.type);
  const paths = recoveryPaths(role);
  const knownEmail = recoverPassword?.email ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email: knownEmail, code: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, code, newPassword }) => {
    const [data, error] = await resetPassword(role, { email, code, newPassword });
    if (!data) {
      // Spec 4: on failure the recover data is kept, with the error.
      session.setRecoverPassword({ email, error: error?.msg ?? t('recovery.failed'), type: role });
      toasts.error(t('recovery.failed'));
      return;
    }
    session.setRecoverPassword(null);
    navigate(paths.recovered, { replace: true });
  });

  return (
    <AuthCard title={t('recovery.resetTitle')} onSubmit={onSubmit}>
      <Text color="muted" mb="6">
        {knownEmail ? t('recovery.resetText', { email: knownEmail }) : t('recovery.resetTextNoEmail')}
      </Text>
      {recoverPassword?.error && (
        <Alert.Root status="error" mb="4">
          <Alert.Indicator />
          <Alert.Title>{recoverPassword.error}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)} hidden={Boolean(knownEmail)}>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input type="email" autoComplete="username" {...register('email')} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.code)}>
          <Field.Label>{t('recovery.code')}</Field.Label>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...register('code')} />
          <Field.ErrorText>{errors.code?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)}>
          <Field.Label>{t('recovery.newPassword')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          <Field.HelperText>{t('recovery.passwordHint')}</Field.HelperText>
          <Field.ErrorText>{errors.newPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)}>
          <Field.Label>{t('recovery.confirmPassword')}</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="primary" size="lg" loading={isSubmitting}>
          {t('recovery.submitReset')}
        </Button>
        <Link asChild color="brand" alignSelf="center">
          <RouterLink to={paths.forgot}>{t('recovery.resend')}</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
