import { formatPoints } from '@especifica/mf-shared';
import type { Grant } from '@especifica/mf-shared/contracts';
import { formatDateTime, PageLayout, useApiQuery, useListState } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Badge, Box, chakra, HStack, Input, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useId, useMemo } from 'react';
import { type Audience, campaignHistory, campaigns } from '../api/extra-points';

/**
 * /cms/professionals/extra-points-history and /cms/shopkeepers/extra-points-history: every extra points movement of
 * one audience, filtered by campaign, situation and period (all in the URL), exported as filtered.
 */
export function HistoryPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const resource = campaignHistory(audience);
  const options = useApiQuery(
    ['resource', `cms-campaigns-${audience}`, 'options'],
    () => campaigns(audience).list({ page: 1, limit: 100, sort: '-startsAt' }),
    { staleTime: 60_000, silent: true },
  );

  const columns = useMemo<Columns<Grant>>(
    () => [
      {
        accessorKey: 'createdAt',
        header: t('campaigns.history.date'),
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
      { id: 'campaign', header: t('campaigns.history.campaign'), cell: ({ row }) => row.original.campaign.name },
      {
        id: 'name',
        header: t(`campaigns.history.who.${audience}`),
        cell: ({ row }) => (
          <Box>
            <Text>{row.original.participant.name}</Text>
            <Text fontSize="sm" color="muted" wordBreak="break-all">
              {row.original.store ? row.original.store.name : row.original.participant.email}
            </Text>
          </Box>
        ),
        meta: { sort: 'name' },
      },
      {
        accessorKey: 'points',
        header: t('campaigns.points'),
        cell: ({ row }) =>
          row.original.status === 'removed'
            ? `−${formatPoints(row.original.points)}`
            : `+${formatPoints(row.original.points)}`,
        meta: { sort: 'points', numeric: true },
      },
      {
        id: 'via',
        header: t('campaigns.history.via'),
        cell: ({ row }) => t(`campaigns.history.vias.${row.original.via}`),
      },
      {
        id: 'status',
        header: t('campaigns.status'),
        cell: ({ row }) => (
          <Badge colorPalette={row.original.status === 'granted' ? 'success' : 'gray'}>
            {t(`campaigns.history.statuses.${row.original.status}`)}
          </Badge>
        ),
      },
    ],
    [t, audience],
  );

  const filters = [
    {
      key: 'campaignId',
      label: t('campaigns.history.campaign'),
      options: (options.data?.items ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name })),
    },
    {
      key: 'status',
      label: t('campaigns.status'),
      options: (['granted', 'removed'] as const).map((value) => ({
        value,
        label: t(`campaigns.history.statuses.${value}`),
      })),
    },
  ];

  return (
    <PageLayout
      title={t(`campaigns.history.title.${audience}`)}
      description={t(`campaigns.history.description.${audience}`)}
      width="wide"
    >
      <PeriodFilter audience={audience} />
      <ResourceList
        resource={resource}
        columns={columns}
        caption={t(`campaigns.history.title.${audience}`)}
        search={t('campaigns.history.search')}
        filters={filters}
        empty={{ title: t('campaigns.history.empty') }}
      />
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
