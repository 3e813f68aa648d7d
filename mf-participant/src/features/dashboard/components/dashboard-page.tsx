import { formatPoints, session } from '@especifica/mf-shared';
import type {
  DashboardData,
  Extract,
  Invoice,
  OpenCampaigns,
  ParticipantExperience,
  RankingPage,
} from '@especifica/mf-shared/contracts';
import {
  type ApiQuery,
  EmptyResult,
  formatDate,
  LoadingState,
  type Page,
  PageLayout,
  ProgressBar,
  QueryView,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  useSession,
  useTranslation,
} from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect } from 'react';
import {
  dashboardKeys,
  getDashboardData,
  getLatestMovements,
  getOpenCampaigns,
  getPendingInvoices,
  getSellerRanking,
  getUpcomingExperiences,
} from '../api/dashboard';

/** The participant's overview (screens.md /dashboard); consultants see points only, never a level. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const shopkeeper = user?.userType === 'shopkeeper';
  const consultant = user?.shopkeeperType === 'consultant';
  const query = useApiQuery(dashboardKeys.data, getDashboardData, { silent: true });
  // Every part is asked at once and the page is shown when all have answered, so no part pushes another down.
  const movements = useApiQuery(dashboardKeys.extract, getLatestMovements, { silent: true });
  const pending = useApiQuery(dashboardKeys.pending, getPendingInvoices, { silent: true, enabled: !shopkeeper });
  const ranking = useApiQuery(dashboardKeys.ranking, getSellerRanking, { silent: true, enabled: shopkeeper });
  const experiences = useApiQuery(dashboardKeys.experiences, getUpcomingExperiences, {
    silent: true,
    enabled: !consultant,
  });
  const campaigns = useApiQuery(dashboardKeys.campaigns, getOpenCampaigns, { silent: true });
  const parts = [movements, shopkeeper ? ranking : pending, campaigns, ...(consultant ? [] : [experiences])];
  const settled = parts.every((part) => part.data !== undefined || part.error !== null);
  const data = query.data;
  const name = data?.name ?? user?.name;

  // The header badge follows what the dashboard read.
  useEffect(() => {
    if (data) session.setScore({ level: data.level.name, points: data.totalPoints, sublevel: data.level.sublevel });
  }, [data]);

  return (
    // The greeting is drawn with the first frame from the session's name, so the page's heading does not change
    // when the data arrives (it is the page's largest text, and its paint marks when the page looks loaded).
    <PageLayout title={name ? t('dashboard.greeting', { name }) : t('dashboard.title')}>
      <QueryView
        query={settled || query.error ? query : { ...query, data: undefined }}
        loading={<LoadingState kind="cards" />}
      >
        {(dashboard) => (
          <Stack gap="8">
            <SimpleGrid columns={{ base: 1, md: consultant ? 1 : 2 }} gap="6">
              {!consultant && <LevelCard data={dashboard} />}
              <Figure testId="dashboard-points" label={t('dashboard.points')} hint={t('dashboard.balance')}>
                {formatPoints(dashboard.totalPoints)} {t('common.points')}
              </Figure>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <Movements query={movements} />
              {shopkeeper ? <SellerStanding query={ranking} /> : <PendingInvoices query={pending} />}
            </SimpleGrid>
            <OpenCampaignsPanel query={campaigns} />
            {!consultant && <AffordableExperiences query={experiences} balance={dashboard.totalPoints} />}
            <Shortcuts shopkeeper={shopkeeper} />
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}

function LevelCard({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const { level } = data;
  const toNext = level.pointsToNextLevel;
  const progress = toNext === null ? 100 : Math.round((level.points / (level.points + toNext)) * 100);
  return (
    <Figure
      testId="dashboard-level"
      label={t('dashboard.level')}
      hint={t('dashboard.sublevel', { sublevel: level.sublevel })}
      value={level.name}
    >
      <Box mt="3">
        <ProgressBar value={progress} label={t('dashboard.progress')} />
      </Box>
      <Text fontSize="sm" color="muted" mt="2">
        {level.nextLevel && toNext !== null
          ? t('dashboard.toNext', { points: formatPoints(toNext), level: level.nextLevel })
          : t('dashboard.topLevel')}
      </Text>
    </Figure>
  );
}

/**
 * A card with one figure: its name, the value in large type, a hint, then anything else. Plain text rather than
 * Chakra's Stat, whose <dl> may hold only terms and definitions (axe: definition-list) and so not a progress bar.
 */
function Figure({
  testId,
  label,
  hint,
  value,
  children,
}: {
  testId: string;
  label: string;
  hint: string;
  /** The figure; without it, `children` are the figure and nothing follows the hint. */
  value?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box bg="card" p="6" borderRadius="card" boxShadow="sm" data-testid={testId}>
      <Text fontSize="sm" color="muted" fontWeight="medium">
        {label}
      </Text>
      <Text fontSize="xxxl" fontWeight="semibold" lineHeight="short">
        {value ?? children}
      </Text>
      <Text fontSize="sm" color="muted">
        {hint}
      </Text>
      {value !== undefined && children}
    </Box>
  );
}

function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" boxShadow="sm">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" fontSize="lg">
            {title}
          </Heading>
          {link && (
            <Button asChild variant="plain" size="sm" colorPalette="primary">
              <RouterLink to={link.to}>{link.label}</RouterLink>
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Movements({ query }: { query: ApiQuery<Extract> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.latest')} link={{ to: '/extract', label: t('dashboard.seeExtract') }}>
      <QueryView
        query={query}
        isEmpty={(extract) => extract.items.length === 0 && extract.expiring.points === 0}
        empty={<EmptyResult title={t('dashboard.noMovements')} />}
      >
        {(extract) => (
          <Stack gap="3">
            {extract.expiring.points > 0 && extract.expiring.lots[0] && (
              <Box
                colorPalette="quaternary"
                bg="colorPalette.subtle"
                p="3"
                borderRadius="card"
                data-testid="dashboard-expiring"
              >
                <Text fontSize="sm">
                  {t('dashboard.expiring', {
                    points: formatPoints(extract.expiring.points),
                    days: extract.expiring.days,
                    date: formatDate(extract.expiring.lots[0].expiresAt),
                  })}
                </Text>
              </Box>
            )}
            {extract.items.map((movement) => (
              <HStack key={movement.id} justify="space-between" gap="3" data-testid="dashboard-movement">
                <Box minW="0">
                  <Text fontSize="sm" truncate>
                    {movement.reason}
                  </Text>
                  <Text fontSize="xs" color="muted">
                    {formatDate(movement.createdAt)} · {t(`dashboard.kinds.${movement.kind}`)}
                  </Text>
                </Box>
                <Text fontWeight="bold" color={movement.points < 0 ? 'error.600' : 'primary.700'} whiteSpace="nowrap">
                  {movement.points > 0 ? '+' : ''}
                  {formatPoints(movement.points)}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}

function PendingInvoices({ query }: { query: ApiQuery<Page<Invoice>> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.pending')} link={{ to: '/invoices', label: t('dashboard.sendInvoice') }}>
      <QueryView
        query={query}
        isEmpty={(page) => page.total === 0}
        empty={<EmptyResult title={t('dashboard.noPending')} />}
      >
        {(page) => (
          <Stack gap="3">
            <Text data-testid="dashboard-pending">
              {t('dashboard.pendingSummary', {
                count: page.total,
                points: formatPoints(
                  page.items.reduce((sum, invoice) => sum + invoice.points + invoice.bonusPoints, 0),
                ),
              })}
            </Text>
            {page.items.map((invoice) => (
              <HStack key={invoice.id} justify="space-between" fontSize="sm">
                <Text truncate>{t('dashboard.invoice', { number: invoice.number, store: invoice.store.name })}</Text>
                <Text color="muted" whiteSpace="nowrap">
                  {formatDate(invoice.createdAt)}
                </Text>
              </HStack>
            ))}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}

function SellerStanding({ query }: { query: ApiQuery<RankingPage> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.ranking')}>
      <QueryView query={query}>
        {(ranking) => (
          <Stack gap="2" data-testid="dashboard-ranking">
            <Text fontSize="lg">
              {ranking.me
                ? t('dashboard.position', { position: ranking.me.position, total: ranking.total })
                : t('dashboard.noPosition')}
            </Text>
            {ranking.items.map((entry) => (
              <HStack key={entry.id} justify="space-between" fontSize="sm">
                <Text>
                  {entry.position}º {entry.name}
                </Text>
                <Text>{formatPoints(entry.points)}</Text>
              </HStack>
            ))}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}

function AffordableExperiences({ query, balance }: { query: ApiQuery<Page<ParticipantExperience>>; balance: number }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.experiences')} link={{ to: '/experiences', label: t('dashboard.seeExperiences') }}>
      <QueryView
        query={query}
        isEmpty={(page) =>
          !page.items.some((e) => e.eligible && !e.subscribed && e.seatsLeft > 0 && e.points <= balance)
        }
        empty={<EmptyResult title={t('dashboard.noExperiences')} />}
      >
        {(page) => (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {page.items
              .filter((e) => e.eligible && !e.subscribed && e.seatsLeft > 0 && e.points <= balance)
              .slice(0, 3)
              .map((experience) => (
                <Box key={experience.id} borderWidth="1px" borderRadius="card" p="4" data-testid="dashboard-experience">
                  <Text fontWeight="bold">{experience.name}</Text>
                  <Text fontSize="sm" color="muted">
                    {formatDate(experience.happensAt)} · {experience.place}
                  </Text>
                  <Badge mt="2" colorPalette="secondary">
                    {formatPoints(experience.points)} {t('common.points')}
                  </Badge>
                </Box>
              ))}
          </SimpleGrid>
        )}
      </QueryView>
    </Panel>
  );
}

function OpenCampaignsPanel({ query }: { query: ApiQuery<OpenCampaigns> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.campaigns')}>
      <QueryView
        query={query}
        isEmpty={(open) => open.items.length === 0}
        empty={<EmptyResult title={t('dashboard.noCampaigns')} />}
      >
        {(open) => (
          <Stack gap="3">
            <Text fontSize="sm" color="muted">
              {t('dashboard.campaignsHint')}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" data-testid="dashboard-campaigns">
              {open.items.map((campaign) => (
                <Box key={campaign.id} borderWidth="1px" borderRadius="card" p="4" data-testid="dashboard-campaign">
                  <Text fontWeight="bold">{campaign.name}</Text>
                  <Text fontSize="sm" color="muted">
                    {t('dashboard.campaignUntil', { date: formatDate(campaign.endsAt) })}
                  </Text>
                  <Badge mt="2" colorPalette="secondary">
                    +{formatPoints(campaign.points)} {t('common.points')}
                  </Badge>
                </Box>
              ))}
            </SimpleGrid>
            {open.total > open.items.length && (
              <Text fontSize="sm" color="muted">
                {t('dashboard.moreCampaigns', { count: open.total - open.items.length })}
              </Text>
            )}
          </Stack>
        )}
      </QueryView>
    </Panel>
  );
}

function Shortcuts({ shopkeeper }: { shopkeeper: boolean }) {
  const { t } = useTranslation();
  const links = shopkeeper
    ? [
        { to: '/invoices', label: t('dashboard.registerSale') },
        { to: '/invites', label: t('dashboard.invite') },
      ]
    : [
        { to: '/invoices', label: t('dashboard.sendInvoice') },
        { to: '/customers', label: t('dashboard.customers') },
        { to: '/accelerators', label: t('dashboard.accelerators') },
      ];
  return (
    <HStack as="nav" aria-label={t('dashboard.shortcuts')} gap="3" wrap="wrap">
      {links.map((link) => (
        <Button key={link.to} asChild variant="outline" colorPalette="primary">
          <RouterLink to={link.to}>{link.label}</RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
