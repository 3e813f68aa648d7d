import type { ExperienceCategory } from '@especifica/mf-shared/contracts';
import { Form, SubmitButton, TextField } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Stack, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type Audience,
  type CategoryValues,
  categoryFormSchema,
  experienceCategories,
  saveCategory,
} from '../api/experiences';

/** /cms/professionals/experiences-types and /cms/shopkeepers/experiences-types: the categories of one audience. */
export function CategoriesPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const resource = experienceCategories(audience);
  const columns = useMemo<Columns<ExperienceCategory>>(
    () => [
      { accessorKey: 'name', header: t('cmsExperiences.categoryName'), meta: { sort: 'name' } },
      { accessorKey: 'experiences', header: t('cmsExperiences.experiencesCount'), meta: { numeric: true } },
      {
        accessorKey: 'createdAt',
        header: t('cmsExperiences.createdAt'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
    ],
    [t],
  );
  return (
    <PageLayout title={t(`cmsExperiences.categoriesTitle.${audience}`)} width="wide">
      <ResourceList
        resource={resource}
        columns={columns}
        caption={t(`cmsExperiences.categoriesTitle.${audience}`)}
        search={t('cmsExperiences.categoryName')}
        statusColumn={t('cmsExperiences.status')}
        empty={{ title: t('cmsExperiences.noCategories'), description: t('cmsExperiences.noCategoriesHint') }}
        form={{
          createTitle: t('cmsExperiences.categoryCreate'),
          editTitle: t('cmsExperiences.categoryEdit'),
          render: (category, done) => <CategoryForm audience={audience} category={category} done={done} />,
        }}
      />
    </PageLayout>
  );
}

function CategoryForm({
  audience,
  category,
  done,
}: {
  audience: Audience;
  category: ExperienceCategory | null;
  done: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit } = useDrawerForm({
    schema: categoryFormSchema,
    defaultValues: { name: category?.name ?? '' },
    save: (values: CategoryValues) => saveCategory(audience, category, values),
    invalidates: [resourceKey(experienceCategories(audience))],
    done,
  });
  return (
    <Form form={form} onSubmit={submit}>
      <Stack gap="4">
        <TextField<CategoryValues> name="name" label={t('cmsExperiences.categoryName')} />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalCategoriesPage = () => <CategoriesPage audience="professional" />;
export const ShopkeeperCategoriesPage = () => <CategoriesPage audience="shopkeeper" />;
