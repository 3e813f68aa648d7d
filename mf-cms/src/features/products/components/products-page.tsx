import type { Product } from '@especifica/mf-shared/contracts';
import { PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { activeFilter, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { catalogueNames, cmsProducts } from '../api/products';

/** The catalogue by brand and category; the brands' and categories' options come from the API. */
const productList = defineList<Product>({
  resource: cmsProducts,
  caption: 'cmsProducts.title',
  search: 'cmsProducts.search',
  headers: 'cmsProducts',
  columns: [
    { key: 'name', sort: true },
    { key: 'sku', sort: true },
    { key: 'brand', sort: true, cell: (product) => product.brand || '—' },
    { key: 'category', sort: true, cell: (product) => product.category || '—' },
  ],
  filters: [
    { key: 'brand', label: 'cmsProducts.brand', options: [] },
    { key: 'category', label: 'cmsProducts.category', options: [] },
    activeFilter('cmsProducts.status'),
  ],
  status: 'cmsProducts.status',
  empty: {
    title: 'cmsProducts.empty',
    description: 'cmsProducts.emptyHint',
    drawing: 'product',
    next: { label: 'cmsNext.importProducts', to: '/cms/products/import' },
  },
});

/** /cms/products/list: the catalogue by brand and category, each product switched on and off. */
export function ProductsPage() {
  const { t } = useTranslation();
  const brands = useApiQuery(['resource', 'cms-products', 'brands'], () => catalogueNames('brands'), {
    staleTime: 60_000,
    silent: true,
  });
  const categories = useApiQuery(['resource', 'cms-products', 'categories'], () => catalogueNames('categories'), {
    staleTime: 60_000,
    silent: true,
  });

  const options = useMemo(() => {
    const of = (data: typeof brands.data) =>
      (data?.items ?? []).map((item) => ({ value: item.name, label: `${item.name} (${item.products})` }));
    return { brand: of(brands.data), category: of(categories.data) };
  }, [brands.data, categories.data]);

  return (
    <PageLayout
      title={t('cmsProducts.title')}
      description={t('cmsProducts.description')}
      width="wide"
      link={{ to: '/cms/products/import', label: t('cmsProducts.importLink') }}
    >
      <ResourceList list={productList} options={options} />
    </PageLayout>
  );
}
