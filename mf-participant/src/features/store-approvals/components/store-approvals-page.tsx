import { formatCpf, type StoreUser } from '@especifica/mf-shared/contracts';
import { useConfirm } from '@especifica/mf-shared/forms';
import {
  type Columns,
  formatDate,
  PageLayout,
  ResourceList,
  resourceKey,
  useApiMutation,
} from '@especifica/mf-shared/kit';
import { Navigate } from '@especifica/mf-shared/router';
import { Button, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { decideSignUp, pendingSignUps } from '../api/store-approvals';

/**
 * /store-approvals (a store's manager): the sellers who signed up alone to the store, each approved or refused
 * after a confirmation. Anybody else lands on the overview, as the menu links it only for managers.
 */
export function StoreApprovalsPage() {
  const { user } = useSession();
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
        rowActions={(user) => <DecisionButtons user={user} />}
      />
    </PageLayout>
  );
}

/** Approve or refuse one sign-up; each asks first and says what follows. */
function DecisionButtons({ user }: { user: StoreUser }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const decide = useApiMutation((approval: 'approved' | 'refused') => decideSignUp(user, approval), {
    invalidates: [resourceKey(pendingSignUps)],
    success: (answer) => answer.msg,
  });
  const ask = async (approval: 'approved' | 'refused') => {
    const approving = approval === 'approved';
    const yes = await confirm({
      title: t(approving ? 'storeApprovals.approveTitle' : 'storeApprovals.refuseTitle', { name: user.name }),
      description: t(approving ? 'storeApprovals.approveDescription' : 'storeApprovals.refuseDescription', {
        name: user.name,
      }),
      confirmLabel: t(approving ? 'storeApprovals.approve' : 'storeApprovals.refuse'),
      destructive: !approving,
    });
    if (yes) await decide.run(approval);
  };
  return (
    <>
      <Button
        size="sm"
        colorPalette="primary"
        disabled={decide.isPending}
        onClick={() => void ask('approved')}
        aria-label={t('storeApprovals.approveOf', { name: user.name })}
      >
        {t('storeApprovals.approve')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        disabled={decide.isPending}
        onClick={() => void ask('refused')}
        aria-label={t('storeApprovals.refuseOf', { name: user.name })}
      >
        {t('storeApprovals.refuse')}
      </Button>
      {dialog}
    </>
  );
}
