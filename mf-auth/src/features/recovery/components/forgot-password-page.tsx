import { session, toasts } from '@especifica/mf-shared';
import { type RecoverBody, type Role, recoverBodySchema } from '@especifica/mf-shared/contracts';
import { useForm, zodResolver } from '@especifica/mf-shared/forms';
import { RouterLink, useLocation, useNavigate } from '@especifica/mf-shared/router';
import { Button, Field, Input, Link, Stack, Text, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { RoleToggle } from '../../../components/role-toggle';
import { recoveryPaths, recoveryRole, requestCode } from '../api/recovery';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const recoverPassword = useSession((state) => state.recoverPassword);
  const [role, setRole] = useState<Role>(() => recoveryRole(pathname, recoverPassword?.type));
  const paths = recoveryPaths(role);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RecoverBody>({
    resolver: zodResolver(recoverBodySchema),
    defaultValues: { email: recoverPassword?.email ?? '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    const [data, error] = await requestCode(role, body);
    if (!data) {
      session.setRecoverPassword({ email: body.email, error: error?.msg ?? null, type: role });
      toasts.error(t('recovery.failed'));
      return;
    }
    session.setRecoverPassword({ email: body.email, error: null, type: role });
    toasts.success(data.msg);
    navigate(paths.reset);
  });

  return (
    <AuthCard title={t('recovery.forgotTitle')} onSubmit={onSubmit}>
      <Text color="muted" mb="6">
        {t('recovery.forgotText')}
      </Text>
      {role !== 'admin' && <RoleToggle role={role} onChange={setRole} label={t('recovery.forgotTitle')} />}
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input type="email" autoComplete="username" {...register('email')} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="primary" size="lg" loading={isSubmitting}>
          {t('recovery.send')}
        </Button>
        <Link asChild color="brand" alignSelf="center">
          <RouterLink to={paths.login}>{t('recovery.backToLogin')}</RouterLink>
        </Link>
      </Stack>
    </AuthCard>
  );
}
