import { z } from 'zod/mini';
import { pageOf, pageQuerySchema, sortQuery } from './common';
import { dateTimeSchema, fieldMessages, idSchema, listQuerySchema, nameSchema, optionalTextSchema } from './fields';

// Accelerators multiply the base points of matching invoice lines during their period (spec 7.5).

export const acceleratorTargets = ['product', 'brand', 'category', 'store'] as const;

export const acceleratorMessages = {
  name: 'Digite o nome do acelerador.',
  multiplier: 'O multiplicador vai de 1,01 a 100, com até duas casas decimais.',
  target: 'Selecione a que o acelerador se aplica: produto, marca, categoria ou loja.',
  targetValue: 'Selecione o produto, a marca, a categoria ou a loja do acelerador.',
  created: 'Acelerador cadastrado com sucesso!',
  updated: 'Acelerador atualizado com sucesso!',
  notFound: 'Acelerador não encontrado.',
} as const;

export const acceleratorSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  multiplier: z.number(),
  targetType: z.enum(acceleratorTargets),
  targetValue: z.string(),
  /** The product's or store's name for ids; the brand or category itself otherwise. */
  targetLabel: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Accelerator = z.infer<typeof acceleratorSchema>;
export const acceleratorsPageSchema = pageOf(acceleratorSchema);

const multiplierSchema = z.number(acceleratorMessages.multiplier).check(
  z.refine((value) => value > 1 && value <= 100, acceleratorMessages.multiplier),
  z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, acceleratorMessages.multiplier),
);

const acceleratorFields = {
  name: nameSchema(acceleratorMessages.name, 120),
  description: z._default(z.string().check(z.trim(), z.maxLength(2000, fieldMessages.text)), ''),
  multiplier: multiplierSchema,
  targetType: z.enum(acceleratorTargets, acceleratorMessages.target),
  targetValue: nameSchema(acceleratorMessages.targetValue, 120),
  startsAt: dateTimeSchema(),
  endsAt: dateTimeSchema(),
  active: z._default(z.boolean(fieldMessages.active), true),
};

const periodInOrder = (value: { startsAt?: string; endsAt?: string }) =>
  !value.startsAt || !value.endsAt || new Date(value.endsAt) > new Date(value.startsAt);

export const createAcceleratorBodySchema = z
  .object(acceleratorFields)
  .check(z.refine(periodInOrder, { message: fieldMessages.period, path: ['endsAt'] }));
export type CreateAcceleratorBody = z.infer<typeof createAcceleratorBodySchema>;

export const updateAcceleratorBodySchema = z
  .object({
    id: idSchema,
    name: z.optional(acceleratorFields.name),
    description: optionalTextSchema(),
    multiplier: z.optional(multiplierSchema),
    targetType: z.optional(acceleratorFields.targetType),
    targetValue: z.optional(acceleratorFields.targetValue),
    startsAt: z.optional(dateTimeSchema()),
    endsAt: z.optional(dateTimeSchema()),
    active: z.optional(z.boolean(fieldMessages.active)),
  })
  .check(z.refine(periodInOrder, { message: fieldMessages.period, path: ['endsAt'] }));
export type UpdateAcceleratorBody = z.infer<typeof updateAcceleratorBodySchema>;

export const acceleratorPeriods = ['current', 'upcoming', 'past'] as const;
export const acceleratorSorts = ['name', 'startsAt', 'endsAt', 'multiplier', 'createdAt'] as const;
export const acceleratorsQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(acceleratorSorts),
  targetType: z.optional(z.enum(acceleratorTargets, acceleratorMessages.target)),
  current: z.optional(z.stringbool({ error: 'Use true ou false.' })),
  /** Where the period stands today: running now, still to start, or over. */
  when: z.optional(z.enum(acceleratorPeriods, 'Escolha em andamento, futuros ou encerrados.')),
});
export type AcceleratorsQuery = z.infer<typeof acceleratorsQuerySchema>;
export const acceleratorQuerySchema = z.object({ id: idSchema });
export const participantAcceleratorsQuerySchema = z.extend(pageQuerySchema, { sort: sortQuery(acceleratorSorts) });
