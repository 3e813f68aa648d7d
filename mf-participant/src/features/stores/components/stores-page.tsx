import { mapSearchUrl, PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { formatPhone } from '../../../app/format';
import { OnlyFor } from '../../../app/only-for';
import { addressLine, cityOf, getPlaces, type ParticipantStore, stores } from '../api/stores';

/** The participating stores; the states' and cities' options come from the API. */
const storeList = defineList<ParticipantStore>({
  resource: stores,
  caption: 'stores.title',
  search: 'stores.search',
  headers: 'stores',
  columns: [
    {
      key: 'name',
      sort: true,
      cell: (store) => [cell.text('strong', store.name), cell.text('muted', cityOf(store))],
    },
    { key: 'address', cell: (store) => addressLine(store) || '—' },
    { key: 'phone', cell: (store) => (store.phone ? formatPhone(store.phone) : '—') },
    {
      key: 'map',
      cell: (store, t) => {
        const url = mapSearchUrl(store.address);
        return url ? cell.external(t('kit.map'), url, t('kit.mapOf', { name: store.name })) : '—';
      },
    },
  ],
  filters: [
    { key: 'state', label: 'stores.state', options: [] },
    { key: 'city', label: 'stores.city', options: [] },
  ],
  empty: { title: 'stores.empty', drawing: 'store', next: { label: 'nextStep.products', to: '/products' } },
});

const option = (value: string) => ({ value, label: value });

/** /stores (professionals): the participating stores by name, city and state, with their address on a map. */
export function StoresPage() {
  return (
    <OnlyFor userType="professional">
      <StoresScreen />
    </OnlyFor>
  );
}

function StoresScreen() {
  const { t } = useTranslation();
  const places = useApiQuery(['participant-stores', 'places'], getPlaces, { silent: true, staleTime: 300_000 });
  const options = useMemo(
    () => ({ state: (places.data?.states ?? []).map(option), city: (places.data?.cities ?? []).map(option) }),
    [places.data],
  );
  return (
    <PageLayout title={t('stores.title')} description={t('stores.description')} width="wide">
      <ResourceList list={storeList} options={options} />
    </PageLayout>
  );
}
