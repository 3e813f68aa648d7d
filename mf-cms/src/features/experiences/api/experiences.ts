import { api, type Result } from '@especifica/mf-shared';
import {
  amountSchema,
  type CampaignAudience,
  type CmsExperience,
  categoriesQuerySchema,
  type ExperienceCategory,
  experienceMessages,
  experiencesQuerySchema,
  fieldMessages,
  type Level,
  nameSchema,
  type Subscriber,
} from '@especifica/mf-shared/contracts';
import { defineResource, type Page, resourceKey } from '@especifica/mf-shared/kit';
import type { Paging } from '@especifica/mf-shared/list';
import { z } from 'zod/mini';

export type Audience = CampaignAudience;
type CategoriesQuery = z.infer<typeof categoriesQuerySchema>;
type ExperiencesQuery = z.infer<typeof experiencesQuerySchema>;

/** Experience categories (spec 7.6) of one audience: one resource made for each of the menu's twins. */
const categoryResources = { professional: makeCategories('professional'), shopkeeper: makeCategories('shopkeeper') };
export const experienceCategories = (audience: Audience) => categoryResources[audience];

function makeCategories(audience: Audience) {
  return defineResource<ExperienceCategory, CategoriesQuery>({
    name: `cms-experience-categories-${audience}`,
    query: categoriesQuerySchema,
    defaults: { sort: 'name' },
    list: (query) =>
      api.get<Page<ExperienceCategory>>('/cms/experiences-categories/get-all', { ...query, type: audience }),
    id: (category) => category.id,
    label: (category) => category.name,
    status: {
      isActive: (category) => category.active,
      change: (category, active) => api.post('/cms/experiences-categories/change-status', { id: category.id, active }),
    },
  });
}

export const categoryFormSchema = z.object({ name: nameSchema(experienceMessages.categoryName, 120) });
export type CategoryValues = z.infer<typeof categoryFormSchema>;

export const saveCategory = (audience: Audience, category: ExperienceCategory | null, values: CategoryValues) =>
  category
    ? api.post<{ msg: string }>('/cms/experiences-categories/update', { id: category.id, name: values.name })
    : api.post<{ msg: string }>('/cms/experiences-categories/create', { name: values.name, type: audience });

/** Experiences of one audience (their category's type): list, switch, create with image, edit. */
const experienceResources = {
  professional: makeExperiences('professional'),
  shopkeeper: makeExperiences('shopkeeper'),
};
export const experienceList = (audience: Audience) => experienceResources[audience];

function makeExperiences(audience: Audience) {
  return defineResource<CmsExperience, ExperiencesQuery>({
    name: `cms-experiences-${audience}`,
    query: experiencesQuerySchema,
    defaults: { sort: '-happensAt' },
    list: (query) => api.get<Page<CmsExperience>>('/cms/experiences/get-all', { ...query, type: audience }),
    id: (experience) => experience.id,
    label: (experience) => experience.name,
    status: {
      isActive: (experience) => experience.active,
      change: (experience, active) => api.post('/cms/experiences/change-status', { id: experience.id, active }),
    },
  });
}

const seats = z
  .number(experienceMessages.seats)
  .check(z.refine((value) => Number.isInteger(value) && value >= 0 && value <= 100_000, experienceMessages.seats));

/** The experience form: the date and the time typed apart, as people say them. */
export const experienceFormSchema = z.object({
  name: nameSchema(experienceMessages.name, 160),
  categoryId: z.string(experienceMessages.categoryNotFound).check(z.minLength(1, 'Selecione a categoria.')),
  description: z.string().check(z.trim(), z.maxLength(5000, fieldMessages.text)),
  place: z.string().check(z.trim(), z.maxLength(300, fieldMessages.text)),
  date: z.iso.date(fieldMessages.date),
  time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Digite a hora como HH:MM.')),
  seats,
  points: amountSchema(),
  attendancePoints: amountSchema(),
  minLevelId: z.string(),
  image: z.nullable(z.custom<File>((value) => value === null || value instanceof File, experienceMessages.image)),
});
export type ExperienceValues = z.infer<typeof experienceFormSchema>;

// São Paulo keeps UTC-3 all year (no summer time since 2019).
const saoPaulo = (iso: string) => new Date(new Date(iso).getTime() - 3 * 3_600_000).toISOString();

export const valuesOf = (experience: CmsExperience | null): ExperienceValues =>
  experience
    ? {
        name: experience.name,
        categoryId: experience.category.id,
        description: experience.description,
        place: experience.place,
        date: saoPaulo(experience.happensAt).slice(0, 10),
        time: saoPaulo(experience.happensAt).slice(11, 16),
        seats: experience.seats,
        points: experience.points,
        attendancePoints: experience.attendancePoints,
        minLevelId: experience.minLevel?.id ?? '',
        image: null,
      }
    : {
        name: '',
        categoryId: '',
        description: '',
        place: '',
        date: '',
        time: '',
        seats: null as unknown as number,
        points: 0,
        attendancePoints: 0,
        minLevelId: '',
        image: null,
      };

const happensAt = (values: ExperienceValues) => `${values.date}T${values.time}:00-03:00`;

/** Creating and editing send the fields as one multipart form, with the image when one was chosen. */
export function saveExperience(experience: CmsExperience | null, values: ExperienceValues) {
  const form = new FormData();
  form.append('name', values.name);
  form.append('categoryId', values.categoryId);
  form.append('description', values.description);
  form.append('place', values.place);
  form.append('happensAt', happensAt(values));
  form.append('seats', String(values.seats));
  form.append('points', String(values.points));
  form.append('attendancePoints', String(values.attendancePoints));
  // "null" clears the level of an experience that had one.
  form.append('minLevelId', values.minLevelId || 'null');
  if (values.image) form.append('image', values.image);
  return api.post<{ msg: string; item: CmsExperience }>(
    experience ? `/cms/experiences/${experience.id}/update` : '/cms/experiences/create',
    form,
  );
}

export const levelOptions = () => api.get<{ items: Level[] }>('/cms/config/get-levels');

export const categoryOptions = (audience: Audience): Promise<Result<Page<ExperienceCategory>>> =>
  experienceCategories(audience).list({ page: 1, limit: 100, sort: 'name', active: true });

export const subscribersKey = (audience: Audience, experience: CmsExperience) =>
  [...resourceKey(experienceList(audience)), 'subscribers', experience.id] as const;

export const subscribersOf = (experience: CmsExperience, paging: Paging) =>
  api.get<Page<Subscriber>>('/cms/professionals/get-subscribers', {
    experienceId: experience.id,
    ...paging,
    sort: 'name',
  });

export const cancelSubscription = (subscriber: Subscriber) =>
  api.post<{ msg: string; cancelled: number }>('/cms/experiences/cancel-subscription', { id: subscriber.id });

export const cancelExperience = (experience: CmsExperience) =>
  api.post<{ msg: string; cancelled: number }>('/cms/experiences/cancel', { id: experience.id });

/** The attendance QR code's address: the participant's page with the experience's secret. */
export const attendanceUrl = (experience: CmsExperience, origin = window.location.origin) =>
  `${origin}${experience.qrCodePath}`;
