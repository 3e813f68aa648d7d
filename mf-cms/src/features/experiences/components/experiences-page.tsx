import { formatPoints } from '@especifica/mf-shared';
import type { CmsExperience } from '@especifica/mf-shared/contracts';
import {
  DateField,
  FileDropField,
  Form,
  PointsField,
  SelectField,
  SubmitButton,
  TextField,
} from '@especifica/mf-shared/forms';
import { formatDateTime, PageLayout, resourceKey, useApiQuery } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Box, Button, chakra, SimpleGrid, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
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
  const columns = useMemo<Columns<CmsExperience>>(
    () => [
      {
        accessorKey: 'name',
        header: t('cmsExperiences.name'),
        cell: ({ row }) => (
          <Box>
            <Text fontWeight="bold">{row.original.name}</Text>
            <Text fontSize="sm" color="muted">
              {row.original.category.name}
            </Text>
          </Box>
        ),
        meta: { sort: 'name' },
      },
      {
        accessorKey: 'happensAt',
        header: t('cmsExperiences.when'),
        cell: ({ row }) => (
          <Box>
            <Text>{formatDateTime(row.original.happensAt)}</Text>
            <Text fontSize="sm" color="muted">
              {row.original.place}
            </Text>
          </Box>
        ),
        meta: { sort: 'happensAt' },
      },
      {
        accessorKey: 'points',
        header: t('cmsExperiences.cost'),
        cell: ({ getValue }) => formatPoints(getValue<number>()),
        meta: { sort: 'points', numeric: true },
      },
      {
        id: 'seats',
        header: t('cmsExperiences.seats'),
        cell: ({ row }) =>
          t('cmsExperiences.seatsValue', { taken: row.original.seatsTaken, seats: row.original.seats }),
      },
      {
        id: 'minLevel',
        header: t('cmsExperiences.minLevel'),
        cell: ({ row }) => row.original.minLevel?.name ?? t('cmsExperiences.anyLevel'),
      },
    ],
    [t],
  );
  const resource = experienceList(audience);
  return (
    <PageLayout title={t(`cmsExperiences.title.${audience}`)} width="wide">
      <ResourceList
        resource={resource}
        columns={columns}
        caption={t(`cmsExperiences.title.${audience}`)}
        search={t('cmsExperiences.search')}
        filters={[
          {
            key: 'categoryId',
            label: t('cmsExperiences.category'),
            options: (categories.data?.items ?? []).map((category) => ({ value: category.id, label: category.name })),
          },
          {
            key: 'upcoming',
            label: t('cmsExperiences.when'),
            options: [{ value: 'true', label: t('cmsExperiences.upcoming') }],
          },
        ]}
        statusColumn={t('cmsExperiences.status')}
        empty={{ title: t('cmsExperiences.empty'), description: t('cmsExperiences.emptyHint') }}
        rowActions={(experience) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(experience)}>
            {t('cmsExperiences.subscribers')}
          </Button>
        )}
        form={{
          createTitle: t('cmsExperiences.create'),
          editTitle: t('cmsExperiences.edit'),
          render: (experience, done) => <ExperienceForm audience={audience} experience={experience} done={done} />,
        }}
      />
      <ExperienceDrawer audience={audience} experience={open} onClose={() => setOpen(null)} />
    </PageLayout>
  );
}

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
  return (
    <Form form={form} onSubmit={submit} serverFields={{ happensAt: 'date', minLevelId: 'minLevelId', file: 'image' }}>
      <Stack gap="4">
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
        <TextField<ExperienceValues> name="name" label={t('cmsExperiences.name')} />
        <SelectField<ExperienceValues> name="categoryId" label={t('cmsExperiences.category')} options={categoryItems} />
        <TextField<ExperienceValues> name="description" label={t('cmsExperiences.description')} />
        <TextField<ExperienceValues> name="place" label={t('cmsExperiences.place')} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <DateField<ExperienceValues> name="date" label={t('cmsExperiences.date')} />
          <TextField<ExperienceValues> name="time" label={t('cmsExperiences.time')} inputMode="numeric" />
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <PointsField<ExperienceValues> name="seats" label={t('cmsExperiences.seats')} />
          <PointsField<ExperienceValues> name="points" label={t('cmsExperiences.cost')} />
        </SimpleGrid>
        <PointsField<ExperienceValues>
          name="attendancePoints"
          label={t('cmsExperiences.attendancePoints')}
          helper={t('cmsExperiences.attendancePointsHint')}
        />
        <SelectField<ExperienceValues>
          name="minLevelId"
          label={t('cmsExperiences.minLevel')}
          placeholder={t('cmsExperiences.anyLevel')}
          options={[
            { value: '', label: t('cmsExperiences.anyLevel') },
            ...(levels.data?.items ?? []).map((level) => ({ value: level.id, label: level.name })),
          ]}
        />
        <SubmitButton>{t('kit.save')}</SubmitButton>
      </Stack>
    </Form>
  );
}

/** The screens of the professionals' and the shopkeepers' menus. */
export const ProfessionalExperiencesPage = () => <ExperiencesPage audience="professional" />;
export const ShopkeeperExperiencesPage = () => <ExperiencesPage audience="shopkeeper" />;
