import { formatPoints } from '@especifica/mf-shared';
import { type Store, ufs } from '@especifica/mf-shared/contracts';
import {
  EmailField,
  Form,
  MaskedField,
  SelectField,
  SubmitButton,
  TextField,
  useConfirm,
} from '@especifica/mf-shared/forms';
import { PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import { Button, Heading, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  changeStoreStatus,
  cmsStores,
  formatCnpj,
  type StoreValues,
  saveStore,
  storeFormSchema,
  storeValuesOf,
} from '../api/stores';
import { ActiveBadge } from './badges';
import { StoreDrawer } from './store-drawer';

/** /cms/shopkeepers: the programme's stores with their people and points; create, edit, switch on and off. */
export function StoresPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Store | null>(null);

  const columns = useMemo<Columns<Store>>(
    () => [
      { accessorKey: 'name', header: t('cmsStores.name'), meta: { sort: 'name' } },
      {
        accessorKey: 'cnpj',
        header: t('cmsStores.cnpj'),
        cell: ({ getValue }) => <Text whiteSpace="nowrap">{formatCnpj(getValue<string>())}</Text>,
        meta: { sort: 'cnpj' },
      },
      {
        id: 'city',
        header: t('cmsStores.city'),
        cell: ({ row }) => {
          const { city, state } = row.original.address ?? {};
          return city ? `${city}${state ? `/${state}` : ''}` : '—';
        },
      },
      { accessorKey: 'users', header: t('cmsStores.people'), meta: { numeric: true } },
      {
        accessorKey: 'points',
        header: t('cmsStores.points'),
        cell: ({ getValue }) => formatPoints(getValue<number>()),
        meta: { numeric: true, sort: 'points' },
      },
      {
        accessorKey: 'active',
        header: t('cmsStores.status'),
        cell: ({ getValue }) => <ActiveBadge active={getValue<boolean>()} feminine />,
      },
    ],
    [t],
  );

  const filters = [
    {
      key: 'active',
      label: t('cmsStores.status'),
      options: [
        { value: 'true', label: t('cmsStores.activePlural') },
        { value: 'false', label: t('cmsStores.inactivePlural') },
      ],
    },
    { key: 'state', label: t('cmsStores.state'), options: ufs.map((uf) => ({ value: uf, label: uf })) },
  ];

  return (
    <PageLayout
      title={t('cmsStores.title')}
      description={t('cmsStores.description')}
      width="wide"
      actions={
        <Button asChild variant="outline">
          <RouterLink to="/cms/shopkeepers/import">{t('cmsStores.importLink')}</RouterLink>
        </Button>
      }
    >
      <ResourceList
        resource={cmsStores}
        columns={columns}
        caption={t('cmsStores.title')}
        search={t('cmsStores.search')}
        filters={filters}
        empty={{ title: t('cmsStores.empty'), description: t('cmsStores.emptyHint') }}
        rowActions={(store) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setOpen(store)}
              aria-label={t('cmsStores.teamOf', { name: store.name })}
            >
              {t('cmsStores.team')}
            </Button>
            <StatusButton store={store} />
          </>
        )}
        form={{
          createTitle: t('cmsStores.create'),
          editTitle: t('cmsStores.edit'),
          render: (store, done) => <StoreForm store={store} done={done} />,
        }}
      />
      <StoreDrawer store={open} onClose={() => setOpen(null)} />
    </PageLayout>
  );
}

/** Switching a store off hides it from professionals and from the shopkeepers' sign-up: it asks first. */
function StatusButton({ store }: { store: Store }) {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const change = useApiMutation((active: boolean) => changeStoreStatus(store, active), {
    invalidates: [resourceKey(cmsStores)],
    success: (answer) => answer.msg,
  });
  const next = !store.active;
  const ask = async () => {
    const yes = await confirm({
      title: t(next ? 'cmsStores.activateTitle' : 'cmsStores.deactivateTitle', { name: store.name }),
      description: t(next ? 'cmsStores.activateDescription' : 'cmsStores.deactivateDescription', { name: store.name }),
      confirmLabel: t(next ? 'cmsStores.activate' : 'cmsStores.deactivate'),
      destructive: !next,
    });
    if (yes) await change.run(next);
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        colorPalette={next ? 'primary' : 'error'}
        loading={change.isPending}
        onClick={() => void ask()}
        aria-label={t(next ? 'cmsStores.activateOf' : 'cmsStores.deactivateOf', { name: store.name })}
      >
        {t(next ? 'cmsStores.activate' : 'cmsStores.deactivate')}
      </Button>
      {dialog}
    </>
  );
}

function StoreForm({ store, done }: { store: Store | null; done: () => void }) {
  const { t } = useTranslation();
  const { form, submit } = useDrawerForm({
    schema: storeFormSchema,
    defaultValues: storeValuesOf(store),
    save: (values: StoreValues) => saveStore(store, values),
    invalidates: [resourceKey(cmsStores)],
    done,
  });
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <MaskedField<StoreValues> name="cnpj" label={t('cmsStores.cnpj')} mask="cnpj" />
        <TextField<StoreValues> name="name" label={t('cmsStores.name')} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <EmailField<StoreValues> name="email" label={t('cmsStores.email')} />
          <MaskedField<StoreValues> name="phone" label={t('cmsStores.phone')} mask="phone" />
        </SimpleGrid>
        <Heading as="h3" fontSize="md" mt="2">
          {t('cmsStores.address')}
        </Heading>
        <Text color="muted" fontSize="sm" mt="-2">
          {t('cmsStores.addressHint')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <MaskedField<StoreValues> name="zipCode" label={t('cmsStores.zipCode')} mask="cep" />
          <TextField<StoreValues> name="street" label={t('cmsStores.street')} />
          <TextField<StoreValues> name="number" label={t('cmsStores.number')} />
          <TextField<StoreValues> name="complement" label={t('cmsStores.complement')} />
          <TextField<StoreValues> name="neighborhood" label={t('cmsStores.neighborhood')} />
          <TextField<StoreValues> name="city" label={t('cmsStores.city')} />
        </SimpleGrid>
        <SelectField<StoreValues> name="state" label={t('cmsStores.state')} options={ufs} />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}
