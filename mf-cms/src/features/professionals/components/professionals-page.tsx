import { formatPoints } from '@especifica/mf-shared';
import { type AdminProfessional, behaviours, formatCpf } from '@especifica/mf-shared/contracts';
import { PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList, RowBadge, RowLink } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, Button, useTranslation } from '@especifica/mf-shared/ui';
import { useCallback, useMemo } from 'react';
import { storeFilter } from '../../../shared/store-picker';
import { getLevels, programmeKeys } from '../../programme/api/programme';
import { cmsProfessionals } from '../api/professionals';
import { ProfessionalForm } from './professional-form';

const behaviourPalette = { active: 'success', inactive: 'gray', blocked: 'error' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function BehaviourBadge({ behaviour }: { behaviour: AdminProfessional['behaviour'] }) {
  const { t } = useTranslation();
  return <Badge colorPalette={behaviourPalette[behaviour]}>{t(`professionals.behaviours.${behaviour}`)}</Badge>;
}

/**
 * /cms/professionals: find a professional by name, e-mail or CPF (the search and filters live in the URL), see level,
 * balance, behaviour and reference store; create and edit in the drawer; each row opens the person's page.
 */
export function ProfessionalsPage() {
  const { t } = useTranslation();
  // The same cache as the programme's levels screen: a level saved there is a filter here at once.
  const levels = useApiQuery(programmeKeys.levels, getLevels, { staleTime: 60_000, silent: true });

  const columns = useMemo<Columns<AdminProfessional>>(
    () => [
      { accessorKey: 'name', header: t('professionals.name'), meta: { sort: 'name' } },
      { accessorKey: 'email', header: t('professionals.email'), meta: { sort: 'email' } },
      {
        accessorKey: 'cpf',
        header: t('professionals.cpf'),
        cell: ({ getValue }) => {
          const cpf = getValue<string | null>();
          return cpf ? <span style={NOWRAP}>{formatCpf(cpf)}</span> : '—';
        },
      },
      { id: 'level', header: t('professionals.level'), cell: ({ row }) => row.original.level.level ?? '—' },
      {
        accessorKey: 'totalPoints',
        header: t('professionals.balance'),
        cell: ({ getValue }) => formatPoints(getValue<number>()),
        meta: { sort: 'points', numeric: true },
      },
      {
        id: 'reference',
        header: t('professionals.reference'),
        cell: ({ row }) => {
          const { referenceStore, referenceSeller } = row.original;
          if (!referenceStore && !referenceSeller) return '—';
          return [referenceStore?.name, referenceSeller?.name].filter(Boolean).join(' / ');
        },
      },
      {
        accessorKey: 'behaviour',
        header: t('professionals.behaviour'),
        // The list's own translation and a plain badge: no hook nor Chakra component in every row.
        cell: ({ row }) => (
          <RowBadge palette={behaviourPalette[row.original.behaviour]}>
            {t(`professionals.behaviours.${row.original.behaviour}`)}
          </RowBadge>
        ),
      },
    ],
    [t],
  );

  const filters = useMemo(
    () => [
      {
        key: 'behaviour',
        label: t('professionals.behaviour'),
        options: behaviours.map((value) => ({ value, label: t(`professionals.behaviours.${value}`) })),
      },
      {
        key: 'levelId',
        label: t('professionals.level'),
        options: (levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.name })),
      },
      storeFilter('referenceStoreId', t('professionals.referenceStore')),
    ],
    [t, levels.data],
  );
  const form = useMemo(
    () => ({
      createTitle: t('professionals.create'),
      editTitle: t('professionals.edit'),
      render: (professional: AdminProfessional | null, done: () => void) => (
        <ProfessionalForm professional={professional} done={done} />
      ),
    }),
    [t],
  );
  const rowActions = useCallback(
    (professional: AdminProfessional) => (
      <RowLink
        to={`/cms/professionals/${professional.id}`}
        aria-label={`${t('professionals.open')} ${professional.name}`}
      >
        {t('professionals.open')}
      </RowLink>
    ),
    [t],
  );

  return (
    <PageLayout
      title={t('professionals.title')}
      width="wide"
      actions={
        <Button asChild variant="outline">
          <RouterLink to="/cms/professionals/customers">{t('professionals.customersLink')}</RouterLink>
        </Button>
      }
    >
      <ResourceList
        resource={cmsProfessionals}
        columns={columns}
        caption={t('professionals.title')}
        search={t('professionals.search')}
        filters={filters}
        empty={{ title: t('professionals.empty') }}
        form={form}
        rowActions={rowActions}
      />
    </PageLayout>
  );
}
