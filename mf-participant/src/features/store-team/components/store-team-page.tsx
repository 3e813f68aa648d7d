import { formatPoints } from '@especifica/mf-shared';
import type { StoreUser } from '@especifica/mf-shared/contracts';
import { PageLayout } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { ManagersOnly } from '../../store/managers-only';
import { storeTeam } from '../api/store-team';

/**
 * /store-team (a store's manager): the store's people, what each does and the points each has, as the manager
 * leads them. Anybody else lands on the overview, as the menu links it only for managers.
 */
export function StoreTeamPage() {
  return (
    <ManagersOnly>
      <StoreTeamScreen />
    </ManagersOnly>
  );
}

const teamList = defineList<StoreUser>({
  resource: storeTeam,
  caption: 'storeTeam.list',
  search: 'storeTeam.search',
  headers: 'storeTeam',
  columns: [
    { key: 'name', sort: true },
    { key: 'email', sort: true, cell: (user) => cell.text('line', user.email) },
    {
      key: 'shopkeeperType',
      cell: (user) =>
        cell.line(
          cell.badge('shopkeeperType', user.shopkeeperType),
          !user.active && cell.badge('personActive', 'inactive'),
        ),
    },
    { key: 'points', sort: true, numeric: true, cell: (user) => formatPoints(user.points) },
  ],
  empty: {
    title: 'storeTeam.empty',
    description: 'storeTeam.emptyHint',
    drawing: 'people',
    next: { label: 'nextStep.approvals', to: '/store-approvals' },
  },
});

function StoreTeamScreen() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('storeTeam.title')} description={t('storeTeam.description')}>
      <ResourceList list={teamList} />
    </PageLayout>
  );
}
