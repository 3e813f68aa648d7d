import { z } from 'zod/mini';
import { professions } from './accounts';
import { fieldMessages } from './fields';

// The programme's rules per profession (domain.md, "Rules per profession"): what a professional earns, how they take
// part in experiences, whether they see levels, whether an invoice needs its buyer told first, and a text for them.

export const earnsModes = ['points', 'nothing'] as const;
export const experienceModes = ['points', 'open'] as const;

export const professionRuleMessages = {
  earns: 'Escolha o que a profissão acumula.',
  experiences: 'Escolha como a profissão participa das experiências.',
  levels: 'Escolha se a profissão vê os níveis.',
  disclosure: 'Escolha se o cliente precisa ser informado.',
  list: 'Informe as regras de cada profissão uma vez.',
  saved: 'Regras por profissão salvas. Os profissionais afetados foram avisados.',
  awaitingDisclosure:
    'Esta nota fiscal aguarda a declaração do profissional de que o cliente foi informado da participação no programa.',
  earnsNothing: 'Pelas regras do programa, a profissão deste profissional não acumula pontos.',
  youEarnNothing: 'Pelas regras do programa para a sua profissão, você não acumula pontos.',
  declared: 'Declaração registrada. A nota fiscal segue para análise.',
  notAwaiting: 'Esta nota fiscal não aguarda declaração.',
} as const;

/** One profession's rules as the API keeps them. */
export const professionRuleSchema = z.object({
  profession: z.enum(professions, professionRuleMessages.list),
  earns: z.enum(earnsModes, professionRuleMessages.earns),
  experiences: z.enum(experienceModes, professionRuleMessages.experiences),
  levels: z.boolean(professionRuleMessages.levels),
  clientDisclosure: z.boolean(professionRuleMessages.disclosure),
  text: z._default(z.string(fieldMessages.text).check(z.trim(), z.maxLength(2000, fieldMessages.text)), ''),
});
export type ProfessionRule = z.infer<typeof professionRuleSchema>;
/** What the rules page reads: every profession, with when and by whom its rules last changed. */
export const professionRulesSchema = z.object({
  items: z.array(
    z.extend(professionRuleSchema, { updatedAt: z.nullable(z.string()), updatedBy: z.nullable(z.string()) }),
  ),
});
export type ProfessionRules = z.infer<typeof professionRulesSchema>;

/** A profession's rules as the update takes them, from what the rules page read (without who changed them, when). */
export const ruleInputOf = ({ profession, earns, experiences, levels, clientDisclosure, text }: ProfessionRule) => ({
  profession,
  earns,
  experiences,
  levels,
  clientDisclosure,
  text,
});

/** The whole list, each profession once. */
export const updateProfessionRulesBodySchema = z.object({
  items: z.array(professionRuleSchema).check(
    z.minLength(1, professionRuleMessages.list),
    z.maxLength(professions.length, professionRuleMessages.list),
    z.refine(
      (items) => new Set(items.map((item) => item.profession)).size === items.length,
      professionRuleMessages.list,
    ),
  ),
});
export type UpdateProfessionRulesBody = z.infer<typeof updateProfessionRulesBodySchema>;

/** The rules that apply to one professional, as the participant area reads them (a shopkeeper has the defaults). */
export const myRulesSchema = z.object({
  /** The profession the rules are of (null: a shopkeeper, or an account without one). */
  profession: z.nullable(z.string()),
  earns: z.enum(earnsModes),
  experiences: z.enum(experienceModes),
  levels: z.boolean(),
  clientDisclosure: z.boolean(),
  text: z.string(),
});
export type MyRules = z.infer<typeof myRulesSchema>;

/** A new programme's rules: every profession earns points, experiences cost points, no disclosure. */
export const defaultRules: MyRules = {
  profession: null,
  earns: 'points',
  experiences: 'points',
  levels: true,
  clientDisclosure: false,
  text: '',
};

/** What sign-up shows for a chosen profession: its text and what it earns (public). */
export const publicProfessionRulesSchema = z.object({
  items: z.array(z.object({ profession: z.string(), earns: z.enum(earnsModes), text: z.string() })),
});
export type PublicProfessionRules = z.infer<typeof publicProfessionRulesSchema>;
