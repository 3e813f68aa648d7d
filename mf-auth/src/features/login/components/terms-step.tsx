import { session, toasts } from '@especifica/mf-shared';
import { accountMessages, type TermsPending } from '@especifica/mf-shared/contracts';
import { Checkbox } from '@especifica/mf-shared/controls';
import { useNavigate } from '@especifica/mf-shared/router';
import { Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { RegulationBox } from '../../../components/regulation-box';
import { acceptTerms, afterLogin } from '../api/login';

interface Props {
  pending: TermsPending;
  redirect: string | null;
}

/** LOGIN_ACCEPT_TERM_IN: the current regulation, and no session until it is accepted. */
export function TermsStep({ pending, redirect }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    if (!accepted) {
      setError(accountMessages.acceptTerms);
      return;
    }
    setSending(true);
    const [data, failure] = await acceptTerms(pending.termsToken, pending.terms.version);
    setSending(false);
    if (!data) {
      if (failure) toasts.error(failure.msg);
      return;
    }
    session.setUser({ ...data.user, accessToken: data.accessToken }, data.loginAllUsers === true);
    navigate(afterLogin(data, redirect), { replace: true });
  }

  return (
    <AuthCard title={t('terms.title')} maxW="640px">
      <Text color="muted" mb="4">
        {t('terms.text')}
      </Text>
      <RegulationBox terms={pending.terms} maxH="320px" mb="4" />
      <Stack gap="3">
        <Checkbox
          checked={accepted}
          onChange={(checked) => {
            setAccepted(checked);
            if (checked) setError(null);
          }}
          label={t('terms.accept')}
        />
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
        <Button colorPalette="primary" size="lg" loading={sending} onClick={submit}>
          {t('terms.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
