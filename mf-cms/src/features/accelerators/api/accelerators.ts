import { api, type Result } from '@especifica/mf-shared';
import {
  type Accelerator,
  type AcceleratorsQuery,
  acceleratorMessages,
  acceleratorsQuerySchema,
  acceleratorTargets,
  dateSchema,
  fieldMessages,
  nameSchema,
} from '@especifica/mf-shared/contracts';
import { daysOfPeriod, defineResource, type Page, periodOfDays } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

export type TargetType = (typeof acceleratorTargets)[number];

/** Accelerators (spec 7.5): the list by where their period stands, the status switch, and the form's calls. */
export const accelerators = defineResource<Accelerator, AcceleratorsQuery>({
  name: 'cms-accelerators',
  query: acceleratorsQuerySchema,
  defaults: { sort: '-startsAt' },
  list: (query) => api.get<Page<Accelerator>>('/cms/accelerators/get-all', { ...query }),
  id: (accelerator) => accelerator.id,
  label: (accelerator) => accelerator.name,
  status: {
    isActive: (accelerator) => accelerator.active,
    change: (accelerator, active) => api.post('/cms/accelerators/update', { id: accelerator.id, active }),
  },
});

const twoDecimals = (value: number) => Number.isFinite(value) && Number(value.toFixed(2)) === value;

export const acceleratorFormSchema = z
  .object({
    name: nameSchema(acceleratorMessages.name, 120),
    description: z.string().check(z.trim(), z.maxLength(2000, fieldMessages.text)),
    multiplier: z
      .number(acceleratorMessages.multiplier)
      .check(z.refine((value) => value > 1 && value <= 100 && twoDecimals(value), acceleratorMessages.multiplier)),
    targetType: z.enum(acceleratorTargets, acceleratorMessages.target),
    targetValue: z.string(acceleratorMessages.targetValue).check(z.minLength(1, acceleratorMessages.targetValue)),
    startsOn: dateSchema(),
    endsOn: dateSchema(),
  })
  .check(z.refine((value) => value.endsOn >= value.startsOn, { message: fieldMessages.period, path: ['endsOn'] }));
export type AcceleratorValues = z.infer<typeof acceleratorFormSchema>;

export const valuesOf = (accelerator: Accelerator | null): AcceleratorValues =>
  accelerator
    ? {
        name: accelerator.name,
        description: accelerator.description,
        multiplier: accelerator.multiplier,
        targetType: accelerator.targetType,
        targetValue: accelerator.targetValue,
        ...daysOfPeriod(accelerator.startsAt, accelerator.endsAt),
      }
    : {
        name: '',
        description: '',
        multiplier: null as unknown as number,
        targetType: '' as TargetType,
        targetValue: '',
        startsOn: '',
        endsOn: '',
      };

export const saveAccelerator = (accelerator: Accelerator | null, values: AcceleratorValues) => {
  const { startsOn, endsOn, ...rest } = values;
  const body = { ...rest, ...periodOfDays({ startsOn, endsOn }) };
  return accelerator
    ? api.post<{ msg: string; item: Accelerator }>('/cms/accelerators/update', { id: accelerator.id, ...body })
    : api.post<{ msg: string; item: Accelerator }>('/cms/accelerators/create', body);
};

export interface TargetOption {
  value: string;
  label: string;
}

/** What an accelerator can apply to, searched: products and stores by id, brands and categories by name. */
export const searchTargets = async (type: TargetType, search: string): Promise<Result<TargetOption[]>> => {
  const params = { search: search || undefined, limit: 50, page: 1, sort: 'name' };
  if (type === 'brand' || type === 'category') {
    const path = type === 'brand' ? '/products/get-all-brands' : '/products/get-all-categories';
    const [data, error] = await api.get<Page<{ name: string }>>(path, params);
    return data ? [data.items.map((item) => ({ value: item.name, label: item.name })), null] : [null, error];
  }
  if (type === 'product') {
    const [data, error] = await api.get<Page<{ id: string; name: string; sku: string }>>('/products/get-all', params);
    return data
      ? [data.items.map((item) => ({ value: item.id, label: `${item.name} (${item.sku})` })), null]
      : [null, error];
  }
  const [data, error] = await api.get<Page<{ id: string; name: string; cnpj: string }>>('/cms/stores/get-all', params);
  return data
    ? [data.items.map((item) => ({ value: item.id, label: `${item.name} (${item.cnpj})` })), null]
    : [null, error];
};
