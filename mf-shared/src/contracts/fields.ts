import { z } from 'zod/mini';
import { pageQuerySchema } from './common';

// Fields that the programme's calls share. Points and money travel as numbers with at most 2 decimals.

export const fieldMessages = {
  id: 'Ocorreu um erro, por favor tente novamente (id inválido).',
  active: 'Informe se o registro fica ativo ou inativo.',
  decimals: 'Use no máximo duas casas decimais.',
  points: 'Digite uma quantidade de pontos válida.',
  money: 'Digite um valor válido.',
  date: 'Digite uma data válida.',
  period: 'A data final precisa ser depois da inicial.',
  name: 'Digite um nome válido.',
  text: 'O texto é longo demais.',
} as const;

export const idSchema = z.uuid(fieldMessages.id);
export const idBodySchema = z.object({ id: idSchema });
export const idParamsSchema = z.object({ id: idSchema });
export const changeStatusBodySchema = z.object({ id: idSchema, active: z.boolean(fieldMessages.active) });

// Exactly what the decimal text shows: a tolerance let 10.000000001 through, which then failed in the database.
const hasTwoDecimals = (value: number) => Number.isFinite(value) && Number(value.toFixed(2)) === value;

/** A non-negative amount with at most 2 decimals (points or reais). */
export const amountSchema = (message: string = fieldMessages.points, max = 1_000_000_000) =>
  z
    .number(message)
    .check(z.minimum(0, message), z.maximum(max, message), z.refine(hasTwoDecimals, fieldMessages.decimals));

export const positiveAmountSchema = (message: string = fieldMessages.points) =>
  z.number(message).check(
    z.refine((value) => value > 0, message),
    z.maximum(1_000_000_000, message),
    z.refine(hasTwoDecimals, fieldMessages.decimals),
  );

/** A signed amount, never zero, with at most 2 decimals (an admin's points adjustment: give or take). */
export const nonZeroAmountSchema = (message: string = fieldMessages.points, max = 1_000_000_000) =>
  z.number(message).check(
    z.refine((value) => value !== 0 && Math.abs(value) <= max, message),
    z.refine(hasTwoDecimals, fieldMessages.decimals),
  );

/** An instant with its offset (ISO 8601), as the screens send a date picker's value. */
export const dateTimeSchema = (message: string = fieldMessages.date) => z.iso.datetime({ offset: true, message });
export const dateSchema = (message: string = fieldMessages.date) => z.iso.date(message);

export const nameSchema = (message: string = fieldMessages.name, max = 160) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
export const optionalTextSchema = (max = 2000) =>
  z.optional(z.string(fieldMessages.text).check(z.trim(), z.maxLength(max, fieldMessages.text)));

/** A query flag: `true`, `false`, `1`, `0`. */
export const queryFlagSchema = z.optional(z.stringbool({ error: 'Use true ou false.' }));

/** Lists: limit and page, a free-text search and, where it applies, the active flag. */
export const listQuerySchema = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(120, 'A busca é longa demais.'))),
  active: queryFlagSchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The answer of a change that returns the record: the pt-BR sentence a toast shows, and the record. */
export const withMessage = <T extends z.ZodMiniType>(item: T) => z.object({ msg: z.string(), item });
