import { type Accelerator, type acceleratorPeriods, acceleratorTargets } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm } from '@especifica/mf-shared/forms';
import { badgeOptions, formatDate, formatLastDay, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type AcceleratorValues,
  acceleratorFormSchema,
  accelerators,
  saveAccelerator,
  valuesOf,
} from '../api/accelerators';
import { TargetField } from './target-field';

type Stage = (typeof acceleratorPeriods)[number];

function stageOf(accelerator: Accelerator, now = Date.now()): Stage {
  if (new Date(accelerator.startsAt).getTime() > now) return 'upcoming';
  return new Date(accelerator.endsAt).getTime() <= now ? 'past' : 'current';
}
/** The accelerators, running, upcoming and past apart (a filter kept in the URL), created and edited in the drawer. */
const acceleratorList = defineList<Accelerator>({
  resource: accelerators,
  caption: 'cmsAccelerators.title',
  search: 'cmsAccelerators.search',
  headers: 'cmsAccelerators',
  columns: [
    { key: 'name', sort: true },
    {
      key: 'target',
      cell: (accelerator, t) => [
        cell.text('line', accelerator.targetLabel),
        cell.text('muted', t(`cmsAccelerators.targets.${accelerator.targetType}`)),
      ],
    },
    {
      key: 'multiplier',
      sort: true,
      numeric: true,
      cell: ({ multiplier }) => `× ${multiplier.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}`,
    },
    {
      key: 'startsAt',
      header: 'cmsAccelerators.period',
      sort: true,
      cell: (accelerator, t) => [
        cell.text(
          'line',
          t('cmsAccelerators.periodValue', {
            from: formatDate(accelerator.startsAt),
            to: formatLastDay(accelerator.endsAt),
          }),
        ),
        cell.badge('acceleratorStage', stageOf(accelerator)),
      ],
    },
  ],
  filters: [
    { key: 'when', label: 'cmsAccelerators.period', options: badgeOptions('acceleratorStage') },
    {
      key: 'targetType',
      label: 'cmsAccelerators.target',
      options: acceleratorTargets.map((value) => ({ value, label: `cmsAccelerators.targets.${value}` })),
    },
  ],
  status: 'cmsAccelerators.status',
  empty: {
    title: 'cmsAccelerators.empty',
    description: 'cmsAccelerators.emptyHint',
    drawing: 'product',
    next: { label: 'cmsNext.createAccelerator', create: true },
  },
  form: {
    create: 'cmsAccelerators.create',
    edit: 'cmsAccelerators.edit',
    render: (accelerator, done) => <AcceleratorForm accelerator={accelerator} done={done} />,
  },
});

/** /cms/accelerators: create and edit, running, upcoming and past apart (a filter kept in the URL). */
export function AcceleratorsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cmsAccelerators.title')} description={t('cmsAccelerators.description')} width="wide">
      <ResourceList list={acceleratorList} />
    </PageLayout>
  );
}

/** The accelerator's fields; the target is searched among those of the chosen kind. */
const acceleratorForm = defineForm<AcceleratorValues, Accelerator>({
  labels: 'cmsAccelerators',
  fields: [
    { name: 'name' },
    { name: 'description', label: 'cmsAccelerators.descriptionField' },
    { name: 'multiplier', type: 'points', helper: 'cmsAccelerators.multiplierHint' },
    {
      name: 'targetType',
      type: 'select',
      label: 'cmsAccelerators.target',
      options: acceleratorTargets,
      optionLabels: 'cmsAccelerators.targets',
    },
    { render: (accelerator) => <TargetField current={accelerator} /> },
    { name: 'startsOn', type: 'date' },
    { name: 'endsOn', type: 'date' },
  ],
  serverFields: { startsAt: 'startsOn', endsAt: 'endsOn' },
});

function AcceleratorForm({ accelerator, done }: { accelerator: Accelerator | null; done: () => void }) {
  const { form, submit } = useDrawerForm({
    schema: acceleratorFormSchema,
    defaultValues: valuesOf(accelerator),
    save: (values: AcceleratorValues) => saveAccelerator(accelerator, values),
    invalidates: [resourceKey(accelerators)],
    done,
  });
  return <DeclaredForm form={acceleratorForm} state={form} onSubmit={submit} item={accelerator} />;
}
