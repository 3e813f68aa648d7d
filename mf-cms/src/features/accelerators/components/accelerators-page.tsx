import { type Accelerator, type acceleratorPeriods, acceleratorTargets } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, SelectField, useFormContext } from '@especifica/mf-shared/forms';
import {
  badgeOptions,
  formatDate,
  formatLastDay,
  PageLayout,
  resourceKey,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { Box, chakra, Input, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useId, useState } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type AcceleratorValues,
  acceleratorFormSchema,
  accelerators,
  saveAccelerator,
  searchTargets,
  type TargetType,
  valuesOf,
} from '../api/accelerators';

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

/** The product, brand, category or store: searched among those of the chosen kind. */
function TargetField({ current }: { current: Accelerator | null }) {
  const { t } = useTranslation();
  const searchId = useId();
  const { watch, setValue } = useFormContext<AcceleratorValues>();
  const type = watch('targetType') as TargetType | '';
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  // A new kind of target makes the chosen one meaningless.
  const [shownType, setShownType] = useState(type);
  useEffect(() => {
    if (type === shownType) return;
    setShownType(type);
    setValue('targetValue', '');
  }, [type, shownType, setValue]);
  const options = useApiQuery(
    ['resource', 'cms-accelerators', 'targets', type, search],
    () => searchTargets(type as TargetType, search),
    { enabled: type !== '', silent: true, keepPrevious: true, staleTime: 60_000 },
  );
  if (type === '') return null;
  const items = [...(options.data ?? [])];
  if (current && current.targetType === type && !items.some((item) => item.value === current.targetValue)) {
    items.unshift({ value: current.targetValue, label: current.targetLabel });
  }
  return (
    <Stack gap="2">
      <Box>
        <chakra.label htmlFor={searchId} fontSize="sm" display="block" mb="1">
          {t(`cmsAccelerators.searchTarget.${type}`)}
        </chakra.label>
        <Input id={searchId} type="search" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </Box>
      <SelectField<AcceleratorValues>
        name="targetValue"
        label={t(`cmsAccelerators.targets.${type}`)}
        options={items}
        helper={options.error?.msg}
      />
    </Stack>
  );
}
