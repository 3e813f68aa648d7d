import { formatPoints } from '@especifica/mf-shared';
import type { Accelerator, Product } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Badge, HStack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { getAccelerators, isRunning, programmeKeys } from '../../programme/api/programme';
import { acceleratorsFor, getBrands, getCategories, products } from '../api/products';

/** /products: the participating products by name or SKU, brand and category, with the accelerators that apply now. */
export function ProductsPage() {
  const { t } = useTranslation();
  const brands = useApiQuery(['products', 'brands'], getBrands, { silent: true, staleTime: 300_000 });
  const categories = useApiQuery(['products', 'categories'], getCategories, { silent: true, staleTime: 300_000 });
  const accelerators = useApiQuery(programmeKeys.accelerators, getAccelerators, { silent: true });
  const running = useMemo(
    () => (accelerators.data?.items ?? []).filter((item) => isRunning(item)),
    [accelerators.data],
  );
  const columns = useMemo<Columns<Product>>(
    () => [
      { accessorKey: 'name', header: t('products.name'), meta: { sort: 'name' } },
      { accessorKey: 'sku', header: t('products.sku'), meta: { sort: 'sku' } },
      { accessorKey: 'brand', header: t('products.brand'), meta: { sort: 'brand' } },
      { accessorKey: 'category', header: t('products.category'), meta: { sort: 'category' } },
      {
        id: 'accelerators',
        header: t('products.accelerators'),
        cell: ({ row }) => <Boosts list={acceleratorsFor(row.original, running)} />,
      },
    ],
    [t, running],
  );
  const options = (names?: { name: string }[]) => (names ?? []).map(({ name }) => ({ value: name, label: name }));
  return (
    <PageLayout title={t('products.title')} description={t('products.description')} width="wide">
      <ResourceList
        resource={products}
        columns={columns}
        caption={t('products.title')}
        search={t('products.search')}
        filters={[
          { key: 'brand', label: t('products.brand'), options: options(brands.data?.items) },
          { key: 'category', label: t('products.category'), options: options(categories.data?.items) },
        ]}
        empty={{ title: t('products.empty') }}
      />
    </PageLayout>
  );
}

function Boosts({ list }: { list: Accelerator[] }) {
  const { t } = useTranslation();
  if (list.length === 0) return <Text as="span">—</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      {list.map((accelerator) => (
        <Badge
          key={accelerator.id}
          colorPalette="secondary"
          title={t('accelerators.until', { date: formatDate(accelerator.endsAt) })}
          data-testid="product-accelerator"
        >
          {accelerator.name} · {t('accelerators.multiplier', { value: formatPoints(accelerator.multiplier) })}
        </Badge>
      ))}
    </HStack>
  );
}
