import { formatPoints, session } from '@especifica/mf-shared';
import type {
  DashboardData,
  Extract,
  Invoice,
  OpenCampaigns,
  ParticipantExperience,
  RankingPage,
} from '@especifica/mf-shared/contracts';
import { levelProgress } from '@especifica/mf-shared/contracts';
import { LevelEmblem } from '@especifica/mf-shared/controls';
import {
  type ApiQuery,
  badgeText,
  EmptyResult,
  formatDate,
  formatLastDay,
  LoadingState,
  type Page,
  PageLayout,
  ProgressBar,
  QueryView,
  scoreShown,
  useApiQuery,
  useMyRules,
} from '@especifica/mf-shared/kit';
import { RouterLink } from '@especifica/mf-shared/router';
import { partProps, usePartsClass, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useEffect } from 'react';
import { getUnread, notificationKeys } from '../../notifications/api/notifications';
import { RulesNotice } from '../../programme/rules-notice';
import {
  dashboardKeys,
  getDashboardData,
  getLatestMovements,
  getOpenCampaigns,
  getPendingInvoices,
  getSellerRanking,
  getUpcomingExperiences,
} from '../api/dashboard';
import { dashboardParts } from './dashboard.parts';
import { Moment } from './moment';

const part = partProps(dashboardParts);

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
  // The unread notices, for an approved invoice's or a level's moment at the top (shared with /notifications).
  const notices = useApiQuery(notificationKeys.unread, getUnread, { silent: true });
  // Rules per profession (domain.md): what the professional earns, how experiences are taken, whether levels show.
  const rules = useMyRules(!shopkeeper);
  const shown = scoreShown(rules.data);
  const earns = rules.data?.earns !== 'nothing';
  const open = rules.data?.experiences === 'open';
  const reads = [
    notices,
    movements,
    shopkeeper ? ranking : pending,
    campaigns,
    ...(consultant ? [] : [experiences]),
    ...(shopkeeper ? [] : [rules]),
  ];
  const settled = reads.every((read) => read.data !== undefined || read.error !== null);
  const data = query.data;
  const name = data?.name ?? user?.name;
  const parts = usePartsClass(dashboardParts);

  // The header badge follows what the dashboard read.
  // Every answer, even one equal to the last (see HeaderData): a badge moved at once is put back by the refetch.
  const updatedAt = query.updatedAt;
  useEffect(() => {
    if (data && updatedAt)
      session.setScore({
        level: data.level.name,
        points: data.totalPoints,
        sublevel: data.level.sublevel,
        rank: data.level.rank,
        ...scoreShown(rules.data),
      });
  }, [data, updatedAt, rules.data]);

  return (
    // The greeting is drawn with the first frame from the session's name, so the page's heading does not change
    // when the data arrives (it is the page's largest text, and its paint marks when the page looks loaded).
    <PageLayout title={name ? t('dashboard.greeting', { name }) : t('dashboard.title')}>
      <QueryView
        query={settled || query.error ? query : { ...query, data: undefined }}
        loading={<LoadingState kind="cards" />}
      >
        {(dashboard) => (
          <div className={parts}>
            <RulesNotice about="points" />
            <Moment query={notices} level={!consultant && shown.showLevel ? dashboard.level : undefined} />
            {((!consultant && shown.showLevel) || shown.showPoints) && (
              <div
                {...part('figures')}
                data-single={consultant || !shown.showLevel || !shown.showPoints ? '' : undefined}
              >
                {!consultant && shown.showLevel && <LevelCard data={dashboard} />}
                {shown.showPoints && (
                  <Figure
                    testId="dashboard-points"
                    label={t('dashboard.points')}
                    hint={t('dashboard.balance')}
                    to="/extract"
                  >
                    {formatPoints(dashboard.totalPoints)} {t('common.points')}
                  </Figure>
                )}
              </div>
            )}
            <div {...part('panels')}>
              <Movements query={movements} />
              {shopkeeper ? <SellerStanding query={ranking} /> : <PendingInvoices query={pending} earns={earns} />}
            </div>
            {earns && <OpenCampaignsPanel query={campaigns} />}
            {!consultant && <AffordableExperiences query={experiences} balance={open ? null : dashboard.totalPoints} />}
            <Shortcuts shopkeeper={shopkeeper} />
          </div>
        )}
      </QueryView>
    </PageLayout>
  );
}

function LevelCard({ data }: { data: DashboardData }) {
  const { t } = useTranslation();
  const { level } = data;
  const toNext = level.pointsToNextLevel;
  return (
    <Figure
      testId="dashboard-level"
      label={t('dashboard.level')}
      hint={t('dashboard.sublevel', { sublevel: level.sublevel })}
      value={level.name}
      to="/score"
      // Decoration: the level's name is the figure beside it.
      emblem={level.rank !== undefined && <LevelEmblem rank={level.rank} size={64} />}
    >
      <div {...part('progress')}>
        <ProgressBar value={levelProgress(level)} label={t('dashboard.progress')} />
      </div>
      <p {...part('next')}>
        {level.nextLevel && toNext !== null
          ? t('dashboard.toNext', { points: formatPoints(toNext), count: toNext, level: level.nextLevel })
          : t('dashboard.topLevel')}
      </p>
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
  to,
  emblem,
  children,
}: {
  testId: string;
  label: string;
  hint: string;
  /** A drawing that stands for the figure (a level's emblem), at the card's corner. */
  emblem?: ReactNode;
  /** The figure; without it, `children` are the figure and nothing follows the hint. */
  value?: ReactNode;
  /** The list that shows what the figure counts. */
  to: string;
  children: ReactNode;
}) {
  return (
    <RouterLink {...part('figure')} to={to} data-testid={testId}>
      {emblem && <span {...part('emblem')}>{emblem}</span>}
      <p {...part('label')}>{label}</p>
      <p {...part('value')}>{value ?? children}</p>
      <p {...part('muted')}>{hint}</p>
      {value !== undefined && children}
    </RouterLink>
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
    <section {...part('panel')}>
      <div {...part('panel-header')}>
        <h2>{title}</h2>
        {link && (
          <RouterLink {...part('panel-link')} to={link.to}>
            {link.label}
          </RouterLink>
        )}
      </div>
      <div {...part('panel-body')}>{children}</div>
    </section>
  );
}

function Movements({ query }: { query: ApiQuery<Extract> }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.latest')} link={{ to: '/extract', label: t('dashboard.seeExtract') }}>
      <QueryView
        query={query}
        isEmpty={(extract) => extract.items.length === 0 && extract.expiring.points === 0}
        empty={
          <EmptyResult
            title={t('dashboard.noMovements')}
            drawing="points"
            compact
            next={{ label: t('nextStep.invoices'), to: '/invoices' }}
          />
        }
      >
        {(extract) => (
          <div {...part('list')}>
            {extract.expiring.points > 0 && extract.expiring.lots[0] && (
              <p {...part('notice')} data-testid="dashboard-expiring">
                {t('dashboard.expiring', {
                  points: formatPoints(extract.expiring.points),
                  count: extract.expiring.points,
                  days: extract.expiring.days,
                  date: formatDate(extract.expiring.lots[0].expiresAt),
                })}
              </p>
            )}
            {extract.items.map((movement) => (
              // The extract of the movement's kind.
              <RouterLink
                key={movement.id}
                {...part('movement')}
                to={`/extract?kind=${movement.kind}`}
                data-testid="dashboard-movement"
              >
                <div>
                  <p {...part('reason')}>{movement.reason}</p>
                  <p {...part('when')}>
                    {formatDate(movement.createdAt)} · {t(badgeText('movementKind', movement.kind))}
                  </p>
                </div>
                <p {...part('signed')} data-loss={movement.points < 0 ? '' : undefined}>
                  {movement.points > 0 ? '+' : ''}
                  {formatPoints(movement.points)}
                </p>
              </RouterLink>
            ))}
          </div>
        )}
      </QueryView>
    </Panel>
  );
}

function PendingInvoices({ query, earns }: { query: ApiQuery<Page<Invoice>>; earns: boolean }) {
  const { t } = useTranslation();
  return (
    <Panel title={t('dashboard.pending')} link={{ to: '/invoices', label: t('dashboard.sendInvoice') }}>
      <QueryView
        query={query}
        isEmpty={(page) => page.total === 0}
        empty={<EmptyResult title={t('dashboard.noPending')} drawing="approved" compact />}
      >
        {(page) => (
          <div {...part('list')}>
            <RouterLink {...part('summary')} to="/invoices?status=pending" data-testid="dashboard-pending">
              {earns
                ? t('dashboard.pendingSummary', {
                    count: page.total,
                    points: formatPoints(
                      // What approving them now would credit, as the approval computes it (the API's preview).
                      page.items.reduce(
                        (sum, invoice) => sum + (invoice.pointsPreview ?? invoice.points + invoice.bonusPoints),
                        0,
                      ),
                    ),
                  })
                : t('dashboard.pendingCount', { count: page.total })}
            </RouterLink>
            {page.items.map((invoice) => (
              <RouterLink
                key={invoice.id}
                {...part('line')}
                to={`/invoices?status=pending&search=${encodeURIComponent(invoice.number)}`}
              >
                <p {...part('reason')}>
                  {t('dashboard.invoice', { number: invoice.number, store: invoice.store.name })}
                </p>
                <p {...part('date')}>{formatDate(invoice.createdAt)}</p>
              </RouterLink>
            ))}
          </div>
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
          <div {...part('list')} data-tight="" data-testid="dashboard-ranking">
            <p {...part('standing')}>
              {ranking.me
                ? t('dashboard.position', { position: ranking.me.position, total: ranking.total })
                : t('dashboard.noPosition')}
            </p>
            {ranking.items.map((entry) => (
              <RouterLink key={entry.id} {...part('line')} to="/ranking">
                <p>
                  {entry.position}º {entry.name}
                </p>
                <p>{formatPoints(entry.points)}</p>
              </RouterLink>
            ))}
          </div>
        )}
      </QueryView>
    </Panel>
  );
}

/** The experiences the participant can take now; `balance` null: open to them (no cost, no minimum level). */
function AffordableExperiences({
  query,
  balance,
}: {
  query: ApiQuery<Page<ParticipantExperience>>;
  balance: number | null;
}) {
  const { t } = useTranslation();
  const affordable = (e: ParticipantExperience) =>
    e.eligible && !e.subscribed && e.seatsLeft > 0 && (balance === null || e.points <= balance);
  return (
    <Panel title={t('dashboard.experiences')} link={{ to: '/experiences', label: t('dashboard.seeExperiences') }}>
      <QueryView
        query={query}
        isEmpty={(page) => !page.items.some(affordable)}
        // The panel's own link to the experiences is the next step.
        empty={<EmptyResult title={t('dashboard.noExperiences')} drawing="experience" compact />}
      >
        {(page) => (
          <div {...part('tiles')}>
            {page.items
              .filter(affordable)
              .slice(0, 3)
              .map((experience) => (
                <RouterLink
                  key={experience.id}
                  {...part('tile')}
                  to={`/experiences/${experience.id}`}
                  data-testid="dashboard-experience"
                >
                  <p {...part('title')}>{experience.name}</p>
                  <p {...part('muted')}>
                    {formatDate(experience.happensAt)} · {experience.place}
                  </p>
                  <span {...part('badge')}>
                    {experience.open
                      ? t('dashboard.openExperience')
                      : `${formatPoints(experience.points)} ${t('common.points')}`}
                  </span>
                </RouterLink>
              ))}
          </div>
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
        empty={
          <EmptyResult
            title={t('dashboard.noCampaigns')}
            drawing="points"
            compact
            next={{ label: t('nextStep.score'), to: '/score' }}
          />
        }
      >
        {(open) => (
          <div {...part('list')}>
            <p {...part('muted')}>{t('dashboard.campaignsHint')}</p>
            <div {...part('tiles')} data-testid="dashboard-campaigns">
              {open.items.map((campaign) => (
                <div key={campaign.id} {...part('tile')} data-testid="dashboard-campaign">
                  <p {...part('title')}>{campaign.name}</p>
                  <p {...part('muted')}>{t('dashboard.campaignUntil', { date: formatLastDay(campaign.endsAt) })}</p>
                  <span {...part('badge')}>
                    +{formatPoints(campaign.points)} {t('common.points')}
                  </span>
                </div>
              ))}
            </div>
            {open.total > open.items.length && (
              <p {...part('muted')}>{t('dashboard.moreCampaigns', { count: open.total - open.items.length })}</p>
            )}
          </div>
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
    <nav {...part('shortcuts')} aria-label={t('dashboard.shortcuts')}>
      {links.map((link) => (
        <RouterLink key={link.to} {...part('shortcut')} to={link.to}>
          {link.label}
        </RouterLink>
      ))}
    </nav>
  );
}
