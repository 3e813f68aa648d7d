import type { Product } from '@especifica/mf-shared/contracts';
import { PageLayout, useApiQuery } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import { Button, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { catalogueNames, cmsProducts } from '../api/products';

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

  const columns = useMemo<Columns<Product>>(
    () => [
      { accessorKey: 'name', header: t('cmsProducts.name'), meta: { sort: 'name' } },
      {
        accessorKey: 'sku',
        header: t('cmsProducts.sku'),
        meta: { sort: 'sku' },
      },
      {
        accessorKey: 'brand',
        header: t('cmsProducts.brand'),
        cell: ({ getValue }) => getValue<string>() || '—',
        meta: { sort: 'brand' },
      },
      {
        accessorKey: 'category',
        header: t('cmsProducts.category'),
        cell: ({ getValue }) => getValue<string>() || '—',
        meta: { sort: 'category' },
      },
    ],
    [t],
  );

  const options = (data: typeof brands.data) =>
    (data?.items ?? []).map((item) => ({ value: item.name, label: `${item.name} (${item.products})` }));
  const filters = [
    { key: 'brand', label: t('cmsProducts.brand'), options: options(brands.data) },
    { key: 'category', label: t('cmsProducts.category'), options: options(categories.data) },
    {
      key: 'active',
      label: t('cmsProducts.status'),
      options: [
        { value: 'true', label: t('kit.active') },
        { value: 'false', label: t('kit.inactive') },
      ],
    },
  ];

  return (
    <PageLayout
      title={t('cmsProducts.title')}
      description={t('cmsProducts.description')}
      width="wide"
      actions={
        <Button asChild variant="outline">
          <RouterLink to="/cms/products/import">{t('cmsProducts.importLink')}</RouterLink>
        </Button>
      }
    >
      <ResourceList
        resource={cmsProducts}
        columns={columns}
        caption={t('cmsProducts.title')}
        search={t('cmsProducts.search')}
        filters={filters}
        statusColumn={t('cmsProducts.status')}
        empty={{ title: t('cmsProducts.empty'), description: t('cmsProducts.emptyHint') }}
      />
    </PageLayout>
  );
}
