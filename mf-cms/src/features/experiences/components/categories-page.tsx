import type { ExperienceCategory } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm } from '@especifica/mf-shared/forms';
import { formatDate, PageLayout, resourceKey } from '@especifica/mf-shared/kit';
import { defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type Audience,
  type CategoryValues,
  categoryFormSchema,
  experienceCategories,
  saveCategory,
} from '../api/experiences';

/** The experience categories of one audience, each switched on and off, created and renamed in the drawer. */
const categoryList = (audience: Audience) =>
  defineList<ExperienceCategory>({
    resource: experienceCategories(audience),
    caption: `cmsExperiences.categoriesTitle.${audience}`,
    search: 'cmsExperiences.categoryName',
    headers: 'cmsExperiences',
    columns: [
      { key: 'name', header: 'cmsExperiences.categoryName', sort: true },
      { key: 'experiences', header: 'cmsExperiences.experiencesCount', numeric: true },
      { key: 'createdAt', sort: true, cell: (c) => formatDate(c.createdAt) },
    ],
    status: 'cmsExperiences.status',
    empty: {
      title: 'cmsExperiences.noCategories',
      description: 'cmsExperiences.noCategoriesHint',
      drawing: 'plan',
      next: { label: 'cmsNext.createCategory', create: true },
    },
    form: {
      create: 'cmsExperiences.categoryCreate',
      edit: 'cmsExperiences.categoryEdit',
      render: (category, done) => <CategoryForm audience={audience} category={category} done={done} />,
    },
  });

const categoryLists = { professional: categoryList('professional'), shopkeeper: categoryList('shopkeeper') };

/** /cms/professionals/experiences-types and /cms/shopkeepers/experiences-types: the categories of one audience. */
export function CategoriesPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(`cmsExperiences.categoriesTitle.${audience}`)} width="wide">
      <ResourceList list={categoryLists[audience]} />
    </PageLayout>
  );
}

const categoryForm = defineForm<CategoryValues>({
  labels: 'cmsExperiences',
  fields: [{ name: 'name', label: 'cmsExperiences.categoryName' }],
});

function CategoryForm({
  audience,
  category,
  done,
}: {
  audience: Audience;
  category: ExperienceCategory | null;
  done: () => void;
}) {
  const { form, submit } = useDrawerForm({
    schema: categoryFormSchema,
    defaultValues: { name: category?.name ?? '' },
    save: (values: CategoryValues) => saveCategory(audience, category, values),
    invalidates: [resourceKey(experienceCategories(audience))],
    done,
  });
  return <DeclaredForm form={categoryForm} state={form} onSubmit={submit} />;
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalCategoriesPage = () => <CategoriesPage audience="professional" />;
export const ShopkeeperCategoriesPage = () => <CategoriesPage audience="shopkeeper" />;
