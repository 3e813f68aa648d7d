import { formatCpf, type StoreUser } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout, resourceKey, SignUpDecision } from '@especifica/mf-shared/kit';
import { defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { ManagersOnly } from '../../store/managers-only';
import { decideSignUp, pendingSignUps } from '../api/store-approvals';

/**
 * /store-approvals (a store's manager): the sellers who signed up alone to the store, each approved or refused
 * after a confirmation. Anybody else lands on the overview, as the menu links it only for managers.
 */
export function StoreApprovalsPage() {
  return (
    <ManagersOnly>
      <StoreApprovalsScreen />
    </ManagersOnly>
  );
}

/** A manager's decision on one sign-up, after a confirmation (the kit's SignUpDecision). */
function Decision({ item: user }: { item: StoreUser }) {
  return (
    <SignUpDecision
      person={user}
      by="manager"
      decide={(approval) => decideSignUp(user, approval)}
      invalidates={[resourceKey(pendingSignUps)]}
    />
  );
}

/** The sellers waiting for the manager's decision. */
const signUpList = defineList<StoreUser>({
  resource: pendingSignUps,
  caption: 'storeApprovals.list',
  search: 'storeApprovals.search',
  headers: 'storeApprovals',
  columns: [
    { key: 'name', sort: true },
    { key: 'email', sort: true },
    { key: 'cpf', cell: (user) => (user.cpf ? formatCpf(user.cpf) : '—') },
    { key: 'createdAt', header: 'storeApprovals.date', sort: true, cell: (user) => formatDate(user.createdAt) },
  ],
  actions: [{ key: 'decide', component: Decision }],
  empty: {
    title: 'storeApprovals.empty',
    description: 'storeApprovals.emptyHint',
    drawing: 'people',
    next: { label: 'nextStep.team', to: '/store-team' },
  },
});

function StoreApprovalsScreen() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('storeApprovals.title')} description={t('storeApprovals.description')}>
      <ResourceList list={signUpList} />
    </PageLayout>
  );
}
