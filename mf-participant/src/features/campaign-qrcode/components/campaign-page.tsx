import { formatPoints } from '@especifica/mf-shared';
import {
  ButtonLink,
  formatDate,
  formatLastDay,
  PageLayout,
  QueryView,
  queryKeys,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { useSearchParams } from '@especifica/mf-shared/router';
import { Alert, Box, Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { RulesNotice } from '../../programme/rules-notice';
import { campaignKey, getCampaign, takeCampaign } from '../api/campaign';

type Outcome = { kind: 'credited'; msg: string } | { kind: 'taken' | 'closed' | 'error'; msg: string };

/**
 * /point-extra/qrcode?id=…&code=…, opened from a campaign's QR code (no header, spec 2.3): the campaign, "Participar", and
 * the answer: credited, already taken, or closed.
 */
export function CampaignPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('idExtraPoint') ?? '';
  const code = params.get('code') ?? '';
  const query = useApiQuery(campaignKey(id), () => getCampaign(id), { silent: true, enabled: id !== '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const take = useApiMutation(() => takeCampaign(id, code), { invalidates: [queryKeys.participant], silent: true });

  const participate = async () => {
    const [answer, error] = await take.run(undefined);
    if (answer)
      return setOutcome({
        kind: 'credited',
        msg: t('campaign.credited', { points: formatPoints(answer.points), count: answer.points }),
      });
    if (error) {
      const kind = error.code === 'campaign-taken' ? 'taken' : error.code === 'campaign-closed' ? 'closed' : 'error';
      setOutcome({ kind, msg: error.msg });
    }
  };

  return (
    <PageLayout title={t('campaign.title')} width="narrow">
      {id === '' ? (
        <Text>{t('campaign.missing')}</Text>
      ) : (
        <QueryView query={query}>
          {(campaign) => (
            <Stack gap="5" data-testid="campaign">
              <RulesNotice about="points" />
              <Box bg="card" p="6" borderRadius="card" boxShadow="sm">
                <Text as="h2" fontSize="xl" fontWeight="bold">
                  {campaign.name}
                </Text>
                {campaign.description && <Text color="muted">{campaign.description}</Text>}
                <Text mt="4" fontSize="sm" color="muted">
                  {t('campaign.points')}
                </Text>
                <Text fontSize="xxl" fontWeight="bold">
                  {formatPoints(campaign.points)}
                </Text>
                <Text fontSize="sm">
                  {t('campaign.period', { from: formatDate(campaign.startsAt), to: formatLastDay(campaign.endsAt) })}
                </Text>
              </Box>
              {outcome ? (
                <Alert.Root status={outcome.kind === 'credited' ? 'success' : 'warning'} data-testid="campaign-outcome">
                  <Alert.Indicator />
                  <Alert.Title>{outcome.msg}</Alert.Title>
                </Alert.Root>
              ) : campaign.subscribed ? (
                <Alert.Root status="info" data-testid="campaign-outcome">
                  <Alert.Indicator />
                  <Alert.Title>{t('campaign.alreadyTaken')}</Alert.Title>
                </Alert.Root>
              ) : !campaign.open ? (
                <Alert.Root status="warning" data-testid="campaign-outcome">
                  <Alert.Indicator />
                  <Alert.Title>{t('campaign.closed')}</Alert.Title>
                </Alert.Root>
              ) : (
                <Button colorPalette="primary" size="lg" loading={take.isPending} onClick={participate}>
                  {t('campaign.participate')}
                </Button>
              )}
              <ButtonLink variant="plain" colorPalette="primary" alignSelf="flex-start" to="/dashboard">
                {t('campaign.back')}
              </ButtonLink>
            </Stack>
          )}
        </QueryView>
      )}
    </PageLayout>
  );
}
