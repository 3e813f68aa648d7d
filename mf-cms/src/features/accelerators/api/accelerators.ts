import { api, type Result } from '@especifica/mf-shared';
import {
  type Accelerator,
  type AcceleratorsQuery,
  acceleratorMessages,
  acceleratorsQuerySchema,
  acceleratorTargets,
  dateSchema,
  fieldMessages,
  formatCnpj,
  nameSchema,
  type Product,
} from '@especifica/mf-shared/contracts';
import { daysOfPeriod, defineResource, type Page, PICKER_SHOWN, periodOfDays } from '@especifica/mf-shared/kit';
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

/** A product, brand, category or store as the target picker shows it: its id (a brand's or category's name) and text. */
export interface TargetOption {
  id: string;
  label: string;
  /** The line below: a product's code and brand, a store's CNPJ; a brand or category tells its products' count. */
  detail?: string;
  products?: number;
}

/**
 * What an accelerator can apply to, searched: products and stores by id, brands and categories by name; the first
 * PICKER_SHOWN that match, with how many match in all.
 */
export const searchTargets = async (type: TargetType, search: string): Promise<Result<Page<TargetOption>>> => {
  const params = { search: search || undefined, limit: PICKER_SHOWN, page: 1, sort: 'name' };
  const answer = <T>(path: string, option: (item: T) => TargetOption) =>
    api
      .get<Page<T>>(path, params)
      .then(
        ([data, error]): Result<Page<TargetOption>> =>
          data ? [{ ...data, items: data.items.map(option) }, null] : [null, error],
      );
  if (type === 'brand' || type === 'category')
    return answer<{ name: string; products: number }>(
      type === 'brand' ? '/products/get-all-brands' : '/products/get-all-categories',
      (item) => ({ id: item.name, label: item.name, products: item.products }),
    );
  if (type === 'product')
    return answer<Product>('/products/get-all', (item) => ({
      id: item.id,
      label: `${item.name} (${item.sku})`,
      detail: [item.sku, item.brand].filter(Boolean).join(' · '),
    }));
  return answer<{ id: string; name: string; cnpj: string }>('/cms/stores/get-all', (item) => ({
    id: item.id,
    label: `${item.name} (${formatCnpj(item.cnpj)})`,
    detail: formatCnpj(item.cnpj),
  }));
};
