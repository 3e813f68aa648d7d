import { toasts } from '@especifica/mf-shared';
import { RouterLink, useSearchParams } from '@especifica/mf-shared/router';
import { Alert, Button, Spinner, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { validateEmail } from '../api/sign-up';

/** The link of the confirmation e-mail: /email-confirm?id=<token>. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [state, setState] = useState<'checking' | 'success' | 'failure'>('checking');
  const sent = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the link twice.
    if (sent.current) return;
    sent.current = true;
    const id = params.get('id') ?? '';
    void (id.length >= 16 ? validateEmail(id) : Promise.resolve([null, null] as const)).then(([data]) => {
      if (data) {
        setState('success');
        toasts.success(t('emailConfirm.success'));
      } else {
        setState('failure');
        toasts.error(t('emailConfirm.failure'));
      }
    });
  }, [params, t]);

  return (
    <AuthCard title={t('emailConfirm.title')}>
      <Stack gap="6">
        {state === 'checking' && (
          <Stack direction="row" align="center" gap="3">
            <Spinner color="brand" />
            <Text>{t('emailConfirm.checking')}</Text>
          </Stack>
        )}
        {state !== 'checking' && (
          <Alert.Root status={state === 'success' ? 'success' : 'error'}>
            <Alert.Indicator />
            <Alert.Title>{state === 'success' ? t('emailConfirm.success') : t('emailConfirm.failure')}</Alert.Title>
          </Alert.Root>
        )}
        {state !== 'checking' && (
          <Button asChild colorPalette="primary" size="lg">
            <RouterLink to="/login">{t('signUp.goToLogin')}</RouterLink>
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
