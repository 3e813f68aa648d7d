import { formatPoints } from '@especifica/mf-shared';
import { type Store, ufs } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, useConfirm } from '@especifica/mf-shared/forms';
import { mapSearchUrl, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { cell, defineList, flagFilter, ResourceList } from '@especifica/mf-shared/list';
import { Button, Heading, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
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
import { StoreDrawer } from './store-drawer';

/** The programme's stores with their people and points; "Equipe" opens the store's people beside the list. */
const storeList = defineList<Store>({
  resource: cmsStores,
  caption: 'cmsStores.title',
  search: 'cmsStores.search',
  headers: 'cmsStores',
  columns: [
    { key: 'name', sort: true },
    {
      key: 'cnpj',
      sort: true,
      cell: (store) => cell.text('nowrap', formatCnpj(store.cnpj)),
    },
    {
      key: 'city',
      cell: ({ name, address }, t) => {
        const url = mapSearchUrl(address);
        if (!url || !address?.city) return '—';
        return [
          cell.text('line', `${address.city}${address.state ? `/${address.state}` : ''}`),
          cell.external(t('kit.map'), url, t('kit.mapOf', { name })),
        ];
      },
    },
    { key: 'users', header: 'cmsStores.people', numeric: true },
    { key: 'points', sort: true, numeric: true, cell: (s) => formatPoints(s.points) },
    {
      key: 'active',
      header: 'cmsStores.status',
      cell: (store) => cell.badge('storeActive', store.active ? 'active' : 'inactive'),
    },
  ],
  filters: [
    flagFilter('active', 'cmsStores.status', { true: 'cmsStores.activePlural', false: 'cmsStores.inactivePlural' }),
    { key: 'state', label: 'cmsStores.state', options: ufs.map((uf) => ({ value: uf, label: uf })) },
  ],
  empty: {
    title: 'cmsStores.empty',
    description: 'cmsStores.emptyHint',
    drawing: 'store',
    next: { label: 'cmsNext.createStore', create: true },
  },
  actions: [
    { key: 'team', label: 'cmsStores.team', ariaLabel: (store, t) => t('cmsStores.teamOf', { name: store.name }) },
    { key: 'status', component: ({ item }) => <StatusButton store={item} /> },
  ],
  form: {
    create: 'cmsStores.create',
    edit: 'cmsStores.edit',
    render: (store, done) => <StoreForm store={store} done={done} />,
  },
});

/** /cms/shopkeepers: the programme's stores with their people and points; create, edit, switch on and off. */
export function StoresPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Store | null>(null);
  return (
    <PageLayout
      title={t('cmsStores.title')}
      description={t('cmsStores.description')}
      width="wide"
      link={{ to: '/cms/shopkeepers/import', label: t('cmsStores.importLink') }}
    >
      <ResourceList list={storeList} on={{ team: setOpen }} />
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

/** A store's identity and contact, then its address. */
const storeForm = defineForm<StoreValues>({
  labels: 'cmsStores',
  fields: [
    { name: 'cnpj', type: 'masked', mask: 'cnpj' },
    { name: 'name' },
    [
      { name: 'email', type: 'email' },
      { name: 'phone', type: 'masked', mask: 'phone' },
    ],
    {
      render: (_store, t) => (
        <>
          <Heading as="h3" fontSize="md" mt="2">
            {t('cmsStores.address')}
          </Heading>
          <Text color="muted" fontSize="sm" mt="-2">
            {t('cmsStores.addressHint')}
          </Text>
        </>
      ),
    },
    [
      { name: 'zipCode', type: 'masked', mask: 'cep' },
      { name: 'street' },
      { name: 'number' },
      { name: 'complement' },
      { name: 'neighborhood' },
      { name: 'city' },
    ],
    { name: 'state', type: 'select', options: ufs },
  ],
});

function StoreForm({ store, done }: { store: Store | null; done: () => void }) {
  const { form, submit } = useDrawerForm({
    schema: storeFormSchema,
    defaultValues: storeValuesOf(store),
    save: (values: StoreValues) => saveStore(store, values),
    invalidates: [resourceKey(cmsStores)],
    done,
  });
  return <DeclaredForm form={storeForm} state={form} onSubmit={submit} />;
}
