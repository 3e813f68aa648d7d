import { session, toasts } from '@especifica/mf-shared';
import { type LoginBody, loginBodySchema, type Role, type TermsPending } from '@especifica/mf-shared/contracts';
import { RouterLink, useNavigate, useSearchParams } from '@especifica/mf-shared/router';
import { Button, Field, HStack, Input, Link, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '../../../components/auth-card';
import { RoleToggle } from '../../../components/role-toggle';
import { afterLogin, isTermsPending, login } from '../api/login';

// Only a person with a pending regulation downloads the acceptance step.
const TermsStep = lazy(() => import('./terms-step').then((m) => ({ default: m.TermsStep })));

interface Props {
  variant: 'participant' | 'admin';
}

export function LoginPage({ variant }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [role, setRole] = useState<Role>(variant === 'admin' ? 'admin' : 'professional');
  const [pendingTerms, setPendingTerms] = useState<TermsPending | null>(null);
  const [choosingSignUp, setChoosingSignUp] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    const [data, error] = await login(role, body);
    if (!data) {
      session.setLoginStatus('LOGIN_FAILED');
      if (error?.code === 'user-incomplete') {
        // Spec 4: the user id and the store list are kept for the complete-your-data step.
        session.setSignUp({ ...(error.data as Record<string, unknown>), mode: 'complete' });
        navigate('/sign-up-profissional');
        return;
      }
      if (error) toasts.error(error.code === 'invalid.credentials' ? t('login.invalidCredentials') : error.msg);
      return;
    }
    if (isTermsPending(data)) {
      session.setLoginStatus('LOGIN_ACCEPT_TERM_IN');
      setPendingTerms(data);
      return;
    }
    session.setUser({ ...data.user, accessToken: data.accessToken }, data.loginAllUsers === true);
    navigate(afterLogin(data, params.get('redirect')), { replace: true });
  });

  if (pendingTerms) {
    return (
      <Suspense fallback={null}>
        <TermsStep pending={pendingTerms} redirect={params.get('redirect')} />
      </Suspense>
    );
  }

  const forgot = variant === 'admin' ? '/cms/forgot-password' : '/forgot-password';
  return (
    <AuthCard title={variant === 'admin' ? t('login.cmsTitle') : t('login.title')} onSubmit={onSubmit} maxW="420px">
      {variant === 'participant' && <RoleToggle role={role} onChange={setRole} label={t('login.title')} />}
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>{t('login.email')}</Field.Label>
          <Input type="email" autoComplete="username" {...register('email')} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>{t('login.password')}</Field.Label>
          <Input type="password" autoComplete="current-password" {...register('password')} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Link asChild color="brand" fontSize="sm" alignSelf="flex-end">
          <RouterLink to={forgot} onClick={() => session.setRecoverPasswordType(role)}>
            {t('login.forgot')}
          </RouterLink>
        </Link>
        <Button type="submit" colorPalette="primary" size="lg" loading={isSubmitting}>
          {t('login.submit')}
        </Button>
        {variant === 'participant' &&
          (choosingSignUp ? (
            <Stack gap="2" align="center" role="group" aria-label={t('signUp.choiceTitle')}>
              <Text fontSize="sm" color="muted">
                {t('signUp.choiceTitle')}
              </Text>
              <HStack gap="4">
                <Link asChild color="brand">
                  <RouterLink to="/sign-up-profissional">{t('signUp.professional')}</RouterLink>
                </Link>
                <Link asChild color="brand">
                  <RouterLink to="/sign-up-lojista">{t('signUp.shopkeeper')}</RouterLink>
                </Link>
              </HStack>
            </Stack>
          ) : (
            <Button type="button" variant="ghost" colorPalette="primary" onClick={() => setChoosingSignUp(true)}>
              {t('login.signUp')}
            </Button>
          ))}
      </Stack>
    </AuthCard>
  );
}
