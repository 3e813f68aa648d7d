import { z } from 'zod/mini';
import { cpfSchema, emailSchema, phoneSchema } from './accounts';
import { pageOf, sortQuery } from './common';
import { customerDataSchema, type customersQuerySchema } from './customers';
import { foldText } from './documents';
import { fieldMessages, idSchema, listQuerySchema, nameSchema } from './fields';
import type { productsQuerySchema } from './products';
import { levelSchema, regulationChangesSchema } from './programme';
import type { participantStoresQuerySchema, shopkeeperInvitesQuerySchema } from './stores';

// What the participant area reads besides its lists: the FAQ (managed in the CMS), the regulation with what changed,
// the programme's rules of earning, and the points of the cycle by month and by source.

export const faqMessages = {
  topic: 'Digite o tema da pergunta.',
  question: 'Digite a pergunta.',
  answer: 'Digite a resposta.',
  position: 'A ordem é um número inteiro de 0 a 9999.',
  created: 'Criado com sucesso!',
  updated: 'Atualizado com sucesso!',
  removed: 'Pergunta removida com sucesso!',
  notFound: 'Pergunta não encontrada.',
  duplicate: 'Já existe uma pergunta com este texto.',
} as const;

export const faqEntrySchema = z.object({
  id: z.string(),
  topic: z.string(),
  question: z.string(),
  answer: z.string(),
  position: z.number(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;
export const faqEntriesPageSchema = pageOf(faqEntrySchema);

const textRangesSchema = z.array(z.tuple([z.number(), z.number()]));

/**
 * The participant's FAQ: the active questions grouped by topic in order. With a search, only the questions holding
 * every word of it, in any order, by its stem or as a part of a word, accents and case ignored, each with the ranges
 * of its topic, question and answer that matched (`marks`).
 */
export const faqSchema = z.object({
  topics: z.array(
    z.object({
      topic: z.string(),
      topicMarks: z.optional(textRangesSchema),
      items: z.array(
        z.object({
          id: z.string(),
          question: z.string(),
          answer: z.string(),
          marks: z.optional(z.object({ question: textRangesSchema, answer: textRangesSchema })),
        }),
      ),
    }),
  ),
});
export type Faq = z.infer<typeof faqSchema>;

export const FAQ_SEARCH_MAX = 100;
export const faqSearchQuerySchema = z.object({
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(FAQ_SEARCH_MAX, `Busque com até ${FAQ_SEARCH_MAX} caracteres.`)),
  ),
});

// ---- A search by words, accents and case ignored (the FAQ's): the server finds and marks, the browser draws ----

/** A part of a text, [start, end) in its characters. */
export type TextRange = [number, number];

/** The words of a search, folded: "Nota  Reprovada" is ["nota", "reprovada"]. */
export const searchWords = (query: string) => foldText(query).split(/\s+/).filter(Boolean);

/** The ranges in order, overlapping or touching ones joined. */
export function mergeRanges(found: TextRange[]): TextRange[] {
  const sorted = [...found].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const ranges: TextRange[] = [];
  for (const range of sorted) {
    const last = ranges.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else ranges.push([range[0], range[1]]);
  }
  return ranges;
}

/**
 * The parts of `text` that contain any word of `query` (accents and case ignored), as ranges of the original text.
 * Folding keeps one character per character of the text here: every accented letter folds to one letter.
 */
export function wordMatches(text: string, query: string): TextRange[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const folded = Array.from(text, (char) => foldText(char) || char).join('');
  if (folded.length !== text.length) return [];
  const found: TextRange[] = [];
  for (const word of words) {
    for (let from = folded.indexOf(word); from !== -1; from = folded.indexOf(word, from + word.length)) {
      found.push([from, from + word.length]);
    }
  }
  return mergeRanges(found);
}

const faqFields = {
  topic: nameSchema(faqMessages.topic, 80),
  question: nameSchema(faqMessages.question, 300),
  answer: nameSchema(faqMessages.answer, 4000),
  position: z._default(
    z.number(faqMessages.position).check(z.int(faqMessages.position), z.minimum(0), z.maximum(9999)),
    0,
  ),
  active: z._default(z.boolean(fieldMessages.active), true),
};
export const createFaqBodySchema = z.object(faqFields);
export type CreateFaqBody = z.infer<typeof createFaqBodySchema>;
export const updateFaqBodySchema = z.extend(z.partial(z.object(faqFields)), { id: idSchema });
export const faqQuerySchema = z.extend(listQuerySchema, {
  sort: sortQuery(['topic', 'question', 'position', 'updatedAt']),
  topic: z.optional(z.string().check(z.maxLength(80))),
});

/** The current regulation, when the reader accepted which version, and what changed from the previous one. */
export const regulationSchema = z.object({
  version: z.number(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  accepted: z.object({ version: z.nullable(z.number()), at: z.nullable(z.string()) }),
  previous: z.nullable(z.object({ version: z.number(), publishedAt: z.string() })),
  /** Paragraphs added, removed or changed since the previous version (changed: the old text and the new). */
  changes: regulationChangesSchema,
});
export type Regulation = z.infer<typeof regulationSchema>;

/** The rules of earning a participant may read, and the programme's levels (shown to consultants too). */
export const participantSettingsSchema = z.object({
  pointsPerReal: z.number(),
  /** The sellers' rule: the percent of a sale's base points (before accelerators) its seller earns on approval. */
  shopkeeperSharePercent: z.number(),
  expiryMonths: z.number(),
  customerWindowDays: z.number(),
  levels: z.array(levelSchema),
});
export type ParticipantSettings = z.infer<typeof participantSettingsSchema>;

export const scoreSources = ['invoices', 'bonuses', 'campaigns', 'experiences', 'other'] as const;
/** The points earned in the cycle (calendar year) by month and by source; consultants get no level. */
export const scoreSchema = z.object({
  cycleYear: z.number(),
  earned: z.number(),
  months: z.array(z.object({ month: z.number(), points: z.number() })),
  sources: z.array(z.object({ source: z.enum(scoreSources), points: z.number() })),
});
export type Score = z.infer<typeof scoreSchema>;

/** The customer form of /customers: phone and e-mail may be left empty. */
export const customerFormSchema = z.object({
  name: customerDataSchema.shape.name,
  cpf: cpfSchema,
  phone: z.union([z.literal(''), phoneSchema]),
  email: z.union([z.literal(''), emailSchema]),
});
export type CustomerFormValues = z.input<typeof customerFormSchema>;
export type CustomersQuery = z.infer<typeof customersQuerySchema>;
export type ProductsQuery = z.infer<typeof productsQuerySchema>;
export type ParticipantStoresQuery = z.infer<typeof participantStoresQuerySchema>;
export type ShopkeeperInvitesQuery = z.infer<typeof shopkeeperInvitesQuerySchema>;

/** The invite form of /invites (the store is the shopkeeper's own). */
export const shopkeeperInviteFormSchema = z.object({
  email: emailSchema,
  name: z.string().check(z.trim(), z.maxLength(160, fieldMessages.name)),
});
export type ShopkeeperInviteFormValues = z.input<typeof shopkeeperInviteFormSchema>;
