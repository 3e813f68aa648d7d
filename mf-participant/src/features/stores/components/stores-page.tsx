import { PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Link, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { formatPhone } from '../../../app/format';
import { OnlyFor } from '../../../app/only-for';
import { addressLine, getPlaces, mapUrl, type ParticipantStore, stores } from '../api/stores';

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
  const columns = useMemo<Columns<ParticipantStore>>(
    () => [
      { accessorKey: 'name', header: t('stores.name'), meta: { sort: 'name' } },
      { id: 'address', header: t('stores.address'), accessorFn: (store) => addressLine(store) || '—' },
      { id: 'phone', header: t('stores.phone'), accessorFn: (store) => (store.phone ? formatPhone(store.phone) : '—') },
      {
        id: 'map',
        header: t('stores.map'),
        cell: ({ row }) =>
          row.original.address ? (
            <Link
              href={mapUrl(row.original)}
              target="_blank"
              rel="noopener noreferrer"
              color="primary.700"
              aria-label={t('stores.openMapOf', { name: row.original.name })}
            >
              {t('stores.openMap')}
            </Link>
          ) : (
            <Text as="span">—</Text>
          ),
      },
    ],
    [t],
  );
  const option = (value: string) => ({ value, label: value });
  return (
    <PageLayout title={t('stores.title')} description={t('stores.description')} width="wide">
      <ResourceList
        resource={stores}
        columns={columns}
        caption={t('stores.title')}
        search={t('stores.search')}
        filters={[
          { key: 'state', label: t('stores.state'), options: (places.data?.states ?? []).map(option) },
          { key: 'city', label: t('stores.city'), options: (places.data?.cities ?? []).map(option) },
        ]}
        empty={{ title: t('stores.empty') }}
      />
    </PageLayout>
  );
}
