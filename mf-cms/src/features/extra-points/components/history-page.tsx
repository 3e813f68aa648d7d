import { formatPoints } from '@especifica/mf-shared';
import type { Grant } from '@especifica/mf-shared/contracts';
import { badgeText, formatDateTime, PageLayout, useApiQuery, useListState } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { Box, chakra, HStack, Input, useTranslation } from '@especifica/mf-shared/ui';
import { useId, useMemo } from 'react';
import { type Audience, campaignHistory, campaigns } from '../api/extra-points';

/** Every extra points movement of one audience; the campaigns' options come from the API. */
const historyList = (audience: Audience) =>
  defineList<Grant>({
    resource: campaignHistory(audience),
    caption: `campaigns.history.title.${audience}`,
    search: 'campaigns.history.search',
    headers: 'campaigns.history',
    columns: [
      {
        key: 'createdAt',
        header: 'campaigns.history.date',
        sort: true,
        cell: (g) => formatDateTime(g.createdAt),
      },
      { key: 'campaign', cell: (grant) => grant.campaign.name },
      {
        key: 'name',
        header: `campaigns.history.who.${audience}`,
        sort: 'name',
        cell: ({ participant, store }) => [
          cell.text('line', participant.name),
          cell.text('muted', store ? store.name : participant.email),
        ],
      },
      {
        key: 'points',
        header: 'campaigns.points',
        sort: true,
        numeric: true,
        cell: (grant) => `${grant.status === 'removed' ? '−' : '+'}${formatPoints(grant.points)}`,
      },
      { key: 'via', cell: (grant, t) => t(`campaigns.history.vias.${grant.via}`) },
      { key: 'status', header: 'campaigns.status', cell: (grant) => cell.badge('grantStatus', grant.status) },
    ],
    filters: [
      { key: 'campaignId', label: 'campaigns.history.campaign', options: [] },
      {
        key: 'status',
        label: 'campaigns.status',
        options: (['granted', 'removed'] as const).map((value) => ({ value, label: badgeText('grantStatus', value) })),
      },
    ],
    empty: { title: 'campaigns.history.empty', drawing: 'points' },
  });

const historyLists = { professional: historyList('professional'), shopkeeper: historyList('shopkeeper') };

/**
 * /cms/professionals/extra-points-history and /cms/shopkeepers/extra-points-history: every extra points movement of
 * one audience, filtered by campaign, situation and period (all in the URL), exported as filtered.
 */
export function HistoryPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const campaignsOf = useApiQuery(
    ['resource', `cms-campaigns-${audience}`, 'options'],
    () => campaigns(audience).list({ page: 1, limit: 100, sort: '-startsAt' }),
    { staleTime: 60_000, silent: true },
  );
  const options = useMemo(
    () => ({
      campaignId: (campaignsOf.data?.items ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name })),
    }),
    [campaignsOf.data],
  );
  return (
    <PageLayout
      title={t(`campaigns.history.title.${audience}`)}
      description={t(`campaigns.history.description.${audience}`)}
      width="wide"
    >
      <PeriodFilter audience={audience} />
      <ResourceList list={historyLists[audience]} options={options} />
    </PageLayout>
  );
}

/** The period of the movements: two dates kept in the URL with the rest of the list's query. */
function PeriodFilter({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const resource = campaignHistory(audience);
  const [query, update] = useListState(resource.query, resource.defaults);
  const id = useId();
  const ends = [
    { key: 'from', label: t('campaigns.history.from'), max: query.to },
    { key: 'to', label: t('campaigns.history.to'), min: query.from },
  ] as const;
  return (
    <HStack gap="3" mb="3" wrap="wrap" role="group" aria-label={t('campaigns.history.period')}>
      {ends.map((end) => (
        <Box key={end.key} minW="160px" flex={{ base: '1', md: '0' }}>
          <chakra.label htmlFor={`${id}-${end.key}`} fontSize="sm" color="muted" display="block" mb="1">
            {end.label}
          </chakra.label>
          <Input
            id={`${id}-${end.key}`}
            type="date"
            value={query[end.key] ?? ''}
            min={'min' in end ? end.min : undefined}
            max={'max' in end ? end.max : undefined}
            onChange={(event) => update({ [end.key]: event.currentTarget.value || undefined })}
          />
        </Box>
      ))}
    </HStack>
  );
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalHistoryPage = () => <HistoryPage audience="professional" />;
export const ShopkeeperHistoryPage = () => <HistoryPage audience="shopkeeper" />;
