import { formatPoints } from '@especifica/mf-shared';
import type { Accelerator, Product } from '@especifica/mf-shared/contracts';
import { formatLastDay, PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { getAccelerators, isRunning, programmeKeys } from '../../programme/api/programme';
import { acceleratorsFor, getBrands, getCategories, products } from '../api/products';

/** The accelerators running now: the context of the list's cells. */
type Running = Accelerator[];

const productList = defineList<Product, Running>({
  resource: products,
  caption: 'products.title',
  search: 'products.search',
  headers: 'products',
  columns: [
    { key: 'image', cell: (product) => cell.picture(product.image) },
    { key: 'name', sort: true },
    { key: 'sku', sort: true },
    { key: 'brand', sort: true },
    { key: 'category', sort: true },
    {
      key: 'accelerators',
      cell: (product, t, running) => {
        const boosts = acceleratorsFor(product, running);
        if (boosts.length === 0) return '—';
        return cell.line(
          ...boosts.map((accelerator) =>
            cell.badge('productBoost', 'running', {
              text: `${accelerator.name} · ${t('accelerators.multiplier', { value: formatPoints(accelerator.multiplier) })}`,
              title: t('accelerators.until', { date: formatLastDay(accelerator.endsAt) }),
            }),
          ),
        );
      },
    },
  ],
  filters: [
    { key: 'brand', label: 'products.brand' },
    { key: 'category', label: 'products.category' },
  ],
  empty: { title: 'products.empty', drawing: 'product', next: { label: 'nextStep.stores', to: '/stores' } },
});

const choices = (names?: { name: string }[]) => (names ?? []).map(({ name }) => ({ value: name, label: name }));

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
  const options = useMemo(
    () => ({ brand: choices(brands.data?.items), category: choices(categories.data?.items) }),
    [brands.data, categories.data],
  );
  return (
    <PageLayout title={t('products.title')} description={t('products.description')} width="wide">
      <ResourceList list={productList} options={options} context={running} />
    </PageLayout>
  );
}
