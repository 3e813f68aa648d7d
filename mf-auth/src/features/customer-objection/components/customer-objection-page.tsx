import { formatDate, QueryView, useApiMutation, useApiQuery } from '@especifica/mf-shared/kit';
import { useSearchParams } from '@especifica/mf-shared/router';
import { Alert, Button, Field, Stack, Text, Textarea, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { AuthCard } from '../../../components/auth-card';
import { getNotice, object } from '../api/customer-objection';

/**
 * /customer-objection?token=<token>: the link of the notice a registered customer receives. It says who registered
 * them and what that means, and ends the registration with one button (a reason is optional and only the programme
 * reads it). No login: the link is the key.
 */
export function CustomerObjectionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const notice = useApiQuery(['customer-notice', token], () => getNotice(token), { silent: true });
  const [reason, setReason] = useState('');
  const send = useApiMutation(object, { invalidates: [['customer-notice']], silent: true });
  return (
    <AuthCard title={t('customerObjection.title')}>
      <QueryView query={notice}>
        {(data) =>
          data.objectedAt ? (
            <Alert.Root status="success" data-testid="objection-done">
              <Alert.Indicator />
              <Alert.Title>
                {t('customerObjection.done', {
                  professional: data.professionalName,
                  date: formatDate(data.objectedAt),
                })}
              </Alert.Title>
            </Alert.Root>
          ) : (
            <Stack gap="5">
              <Text>
                {t('customerObjection.intro', {
                  name: data.customerName,
                  professional: data.professionalName,
                  date: formatDate(data.registeredAt),
                })}
              </Text>
              <Text>{t('customerObjection.means')}</Text>
              <Field.Root invalid={Boolean(send.error)}>
                <Field.Label>{t('customerObjection.reason')}</Field.Label>
                <Textarea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
                <Field.HelperText>{t('customerObjection.reasonHelper')}</Field.HelperText>
                {send.error && <Field.ErrorText>{send.error.msg}</Field.ErrorText>}
              </Field.Root>
              <Button
                colorPalette="primary"
                size="lg"
                loading={send.isPending}
                onClick={() => void send.run({ token, ...(reason.trim() ? { reason: reason.trim() } : {}) })}
              >
                {t('customerObjection.submit')}
              </Button>
            </Stack>
          )
        }
      </QueryView>
    </AuthCard>
  );
}
