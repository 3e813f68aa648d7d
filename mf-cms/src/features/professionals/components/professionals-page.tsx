import { formatPoints } from '@especifica/mf-shared';
import { type AdminProfessional, behaviours, formatCpf } from '@especifica/mf-shared/contracts';
import { badgeText, PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { storeFilter } from '../../../shared/store-picker';
import { getLevels, programmeKeys } from '../../programme/api/programme';
import { cmsProfessionals } from '../api/professionals';
import { ProfessionalForm } from './professional-form';

/** The professionals, found by name, e-mail or CPF; the levels' options come from the API. */
const professionalList = defineList<AdminProfessional>({
  resource: cmsProfessionals,
  caption: 'professionals.title',
  search: 'professionals.search',
  headers: 'professionals',
  columns: [
    { key: 'name', sort: true },
    { key: 'email', sort: true },
    { key: 'cpf', cell: ({ cpf }) => (cpf ? cell.text('nowrap', formatCpf(cpf)) : '—') },
    { key: 'level', cell: (professional) => professional.level.level ?? '—' },
    {
      key: 'totalPoints',
      header: 'professionals.balance',
      sort: 'points',
      numeric: true,
      cell: (professional) => formatPoints(professional.totalPoints),
    },
    {
      key: 'reference',
      cell: ({ referenceStore, referenceSeller }) =>
        referenceStore || referenceSeller
          ? [referenceStore?.name, referenceSeller?.name].filter(Boolean).join(' / ')
          : '—',
    },
    {
      key: 'behaviour',
      cell: (professional) => cell.badge('behaviour', professional.behaviour),
    },
  ],
  filters: [
    {
      key: 'behaviour',
      label: 'professionals.behaviour',
      options: behaviours.map((value) => ({ value, label: badgeText('behaviour', value) })),
    },
    { key: 'levelId', label: 'professionals.level', options: [] },
    storeFilter('referenceStoreId', 'professionals.referenceStore'),
  ],
  empty: {
    title: 'professionals.empty',
    drawing: 'people',
    next: { label: 'cmsNext.createProfessional', create: true },
  },
  form: {
    create: 'professionals.create',
    edit: 'professionals.edit',
    render: (professional, done) => <ProfessionalForm professional={professional} done={done} />,
  },
  actions: [
    {
      key: 'open',
      label: 'professionals.open',
      to: (professional) => `/cms/professionals/${professional.id}`,
      ariaLabel: (professional, t) => `${t('professionals.open')} ${professional.name}`,
    },
  ],
});

/**
 * /cms/professionals: find a professional by name, e-mail or CPF (the search and filters live in the URL), see level,
 * balance, behaviour and reference store; create and edit in the drawer; each row opens the person's page.
 */
export function ProfessionalsPage() {
  const { t } = useTranslation();
  // The same cache as the programme's levels screen: a level saved there is a filter here at once.
  const levels = useApiQuery(programmeKeys.levels, getLevels, { staleTime: 60_000, silent: true });

  const options = useMemo(
    () => ({ levelId: (levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.name })) }),
    [levels.data],
  );

  return (
    <PageLayout
      title={t('professionals.title')}
      width="wide"
      link={{ to: '/cms/professionals/customers', label: t('professionals.customersLink') }}
    >
      <ResourceList list={professionalList} options={options} />
    </PageLayout>
  );
}
