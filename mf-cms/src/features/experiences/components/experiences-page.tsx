import { formatPoints } from '@especifica/mf-shared';
import type { CmsExperience } from '@especifica/mf-shared/contracts';
import { DeclaredForm, defineForm, FileDropField } from '@especifica/mf-shared/forms';
import { formatDateTime, PageLayout, resourceKey, useApiQuery } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { chakra, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';
import { useDrawerForm } from '../../../shared/drawer-form';
import {
  type Audience,
  categoryOptions,
  type ExperienceValues,
  experienceFormSchema,
  experienceList,
  levelOptions,
  saveExperience,
  valuesOf,
} from '../api/experiences';
import { ExperienceDrawer } from './experience-drawer';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The experiences of one audience, created with an image, edited and switched off. */
const experiencesOf = (audience: Audience) =>
  defineList<CmsExperience>({
    resource: experienceList(audience),
    caption: `cmsExperiences.title.${audience}`,
    search: 'cmsExperiences.search',
    headers: 'cmsExperiences',
    columns: [
      {
        key: 'name',
        sort: true,
        cell: (experience) => [cell.text('strong', experience.name), cell.text('muted', experience.category.name)],
      },
      {
        key: 'happensAt',
        header: 'cmsExperiences.when',
        sort: true,
        cell: (experience) => [
          cell.text('line', formatDateTime(experience.happensAt)),
          cell.text('muted', experience.place),
        ],
      },
      {
        key: 'points',
        header: 'cmsExperiences.cost',
        sort: true,
        numeric: true,
        cell: (experience) => formatPoints(experience.points),
      },
      {
        key: 'seats',
        cell: (experience, t) =>
          t('cmsExperiences.seatsValue', { taken: experience.seatsTaken, seats: experience.seats }),
      },
      {
        key: 'minLevel',
        cell: (experience, t) => experience.minLevel?.name ?? t('cmsExperiences.anyLevel'),
      },
    ],
    filters: [
      { key: 'categoryId', label: 'cmsExperiences.category' },
      { key: 'upcoming', label: 'cmsExperiences.when', options: [{ value: 'true', label: 'cmsExperiences.upcoming' }] },
    ],
    status: 'cmsExperiences.status',
    actions: [{ key: 'subscribers', label: 'cmsExperiences.subscribers' }],
    empty: {
      title: 'cmsExperiences.empty',
      description: 'cmsExperiences.emptyHint',
      drawing: 'experience',
      next: { label: 'cmsNext.createExperience', create: true },
    },
    form: {
      create: 'cmsExperiences.create',
      edit: 'cmsExperiences.edit',
      render: (experience, done) => <ExperienceForm audience={audience} experience={experience} done={done} />,
    },
  });

const experienceLists = { professional: experiencesOf('professional'), shopkeeper: experiencesOf('shopkeeper') };

/**
 * /cms/professionals/experiences and /cms/shopkeepers/experiences: the experiences of one audience; create with an
 * image, edit, switch off; "Inscritos" opens the subscribers with attendance, the attendance QR and cancellations.
 */
export function ExperiencesPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<CmsExperience | null>(null);
  const categories = useApiQuery(
    ['resource', `cms-experience-categories-${audience}`, 'options'],
    () => categoryOptions(audience),
    { staleTime: 60_000, silent: true },
  );
  const options = useMemo(
    () => ({
      categoryId: (categories.data?.items ?? []).map((category) => ({ value: category.id, label: category.name })),
    }),
    [categories.data],
  );
  return (
    <PageLayout title={t(`cmsExperiences.title.${audience}`)} width="wide">
      <ResourceList list={experienceLists[audience]} options={options} on={{ subscribers: setOpen }} />
      <ExperienceDrawer audience={audience} experience={open} onClose={() => setOpen(null)} />
    </PageLayout>
  );
}

/** An experience's fields: its image (the current one shown when editing), then what participants read of it. */
const experienceForm = defineForm<ExperienceValues, CmsExperience>({
  labels: 'cmsExperiences',
  fields: [
    {
      render: (experience, t) => (
        <>
          {experience?.image && (
            <chakra.img
              src={experience.image}
              alt={t('cmsExperiences.currentImage', { name: experience.name })}
              h="120px"
              w="100%"
              objectFit="cover"
              borderRadius="md"
            />
          )}
          <FileDropField<ExperienceValues>
            name="image"
            label={experience ? t('cmsExperiences.newImage') : t('cmsExperiences.image')}
            accept={IMAGE_TYPES}
            maxBytes={IMAGE_MAX_BYTES}
            helper={experience?.image ? t('cmsExperiences.replaceImageHint') : t('cmsExperiences.imageHint')}
          />
        </>
      ),
    },
    { name: 'name' },
    { name: 'categoryId', type: 'select', label: 'cmsExperiences.category' },
    { name: 'description' },
    { name: 'place' },
    [
      { name: 'date', type: 'date' },
      { name: 'time', inputMode: 'numeric' },
    ],
    [
      { name: 'seats', type: 'points' },
      { name: 'points', type: 'points', label: 'cmsExperiences.cost' },
    ],
    { name: 'attendancePoints', type: 'points', helper: 'cmsExperiences.attendancePointsHint' },
    { name: 'minLevelId', type: 'select', label: 'cmsExperiences.minLevel', placeholder: 'cmsExperiences.anyLevel' },
  ],
  serverFields: { happensAt: 'date', minLevelId: 'minLevelId', file: 'image' },
});

function ExperienceForm({
  audience,
  experience,
  done,
}: {
  audience: Audience;
  experience: CmsExperience | null;
  done: () => void;
}) {
  const { t } = useTranslation();
  const categories = useApiQuery(
    ['resource', `cms-experience-categories-${audience}`, 'options'],
    () => categoryOptions(audience),
    { staleTime: 60_000 },
  );
  const levels = useApiQuery(['cms', 'levels'], levelOptions, { staleTime: 60_000 });
  const { form, submit } = useDrawerForm({
    schema: experienceFormSchema,
    defaultValues: valuesOf(experience),
    save: (values: ExperienceValues) => saveExperience(experience, values),
    invalidates: [resourceKey(experienceList(audience))],
    done,
  });
  const categoryItems = (categories.data?.items ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }));
  if (experience && !categoryItems.some((item) => item.value === experience.category.id)) {
    categoryItems.unshift({ value: experience.category.id, label: experience.category.name });
  }
  const options = {
    categoryId: categoryItems,
    minLevelId: [
      { value: '', label: t('cmsExperiences.anyLevel') },
      ...(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.name })),
    ],
  };
  return <DeclaredForm form={experienceForm} state={form} onSubmit={submit} item={experience} options={options} />;
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalExperiencesPage = () => <ExperiencesPage audience="professional" />;
export const ShopkeeperExperiencesPage = () => <ExperiencesPage audience="shopkeeper" />;
