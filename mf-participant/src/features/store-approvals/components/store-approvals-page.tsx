import { formatCpf, type StoreUser } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout, resourceKey, SignUpDecision } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Navigate } from '@especifica/mf-shared/router';
import { useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { decideSignUp, pendingSignUps } from '../api/store-approvals';

/**
 * /store-approvals (a store's manager): the sellers who signed up alone to the store, each approved or refused
 * after a confirmation. Anybody else lands on the overview, as the menu links it only for managers.
 */
export function StoreApprovalsPage() {
  const user = useSession((state) => state.user);
  if (user && (user.userType !== 'shopkeeper' || user.shopkeeperType !== 'manager')) {
    return <Navigate to="/dashboard" replace />;
  }
  return <StoreApprovalsScreen />;
}

function StoreApprovalsScreen() {
  const { t } = useTranslation();
  const columns = useMemo<Columns<StoreUser>>(
    () => [
      { accessorKey: 'name', header: t('storeApprovals.name'), meta: { sort: 'name' } },
      { accessorKey: 'email', header: t('storeApprovals.email'), meta: { sort: 'email' } },
      { id: 'cpf', accessorFn: (user) => (user.cpf ? formatCpf(user.cpf) : '—'), header: t('storeApprovals.cpf') },
      {
        id: 'createdAt',
        header: t('storeApprovals.date'),
        accessorFn: (user) => formatDate(user.createdAt),
        meta: { sort: 'createdAt' },
      },
    ],
    [t],
  );
  return (
    <PageLayout title={t('storeApprovals.title')} description={t('storeApprovals.description')}>
      <ResourceList
        resource={pendingSignUps}
        columns={columns}
        caption={t('storeApprovals.list')}
        search={t('storeApprovals.search')}
        empty={{ title: t('storeApprovals.empty'), description: t('storeApprovals.emptyHint') }}
        rowActions={(user) => (
          <SignUpDecision
            person={user}
            by="manager"
            decide={(approval) => decideSignUp(user, approval)}
            invalidates={[resourceKey(pendingSignUps)]}
          />
        )}
      />
    </PageLayout>
  );
}
