import { z } from 'zod/mini';
import { idSchema } from './fields';

// The automatic review of invoices (domain.md, "Invoice trust"; docs/invoice-trust.md): its rules, in the order they
// are checked, and what it decided about an invoice.

export const automaticReviewRules = [
  'signature',
  'store',
  'buyer',
  'issue-date',
  'duplicate',
  'risk-flags',
  'total',
  'hold',
] as const;
export type AutomaticReviewRule = (typeof automaticReviewRules)[number];
export const automaticReviewRuleSchema = z.enum(automaticReviewRules);

/** Each rule as the admin and the timeline name it. */
export const automaticReviewRuleLabels: Record<AutomaticReviewRule, string> = {
  signature: 'Assinatura digital da loja válida',
  store: 'Emitida por uma loja parceira ativa',
  buyer: 'Comprada pelo profissional, por um cliente cadastrado dele ou registrada pela loja',
  'issue-date': 'Data de emissão dentro do prazo aceito',
  duplicate: 'Nenhuma outra nota fiscal com a mesma chave ou o mesmo número',
  'risk-flags': 'Nenhum sinal de risco',
  total: 'Valor dentro do limite da aprovação automática',
  hold: 'Espera após a emissão cumprida',
};

/** Why an invoice waits for the team, in plain words for its participant: the first rule that failed. */
export const automaticReviewHeldMessages: Record<AutomaticReviewRule, string> = {
  signature:
    'A nota fiscal não veio no XML com a assinatura digital da loja, por isso será conferida pela nossa equipe.',
  store:
    'A loja que emitiu a nota fiscal não é uma loja parceira ativa, por isso ela será conferida pela nossa equipe.',
  buyer:
    'O CPF do comprador não é o do profissional nem o de um cliente cadastrado dele, e a venda não foi registrada pela loja: a nota fiscal será conferida pela nossa equipe.',
  'issue-date':
    'A data de emissão está fora do prazo aceito na aprovação automática, por isso a nota fiscal será conferida pela nossa equipe.',
  duplicate:
    'Já existe outra nota fiscal com a mesma chave de acesso ou o mesmo número desta loja, por isso ela será conferida pela nossa equipe.',
  'risk-flags': 'A nota fiscal precisa de uma conferência da nossa equipe antes de ser aprovada.',
  total:
    'O valor da nota fiscal passa do limite da aprovação automática, por isso ela será conferida pela nossa equipe.',
  hold: 'A nota fiscal aguarda o prazo de espera após a emissão.',
};

/**
 * What the automatic review decided, once: approved (by "Sistema"), or held for a human with the first rule that
 * failed (`rule`) and why in plain words (`message`). Null on an invoice it has not decided (off, or still waiting).
 */
export const invoiceAutomaticReviewSchema = z.object({
  outcome: z.enum(['approved', 'held']),
  at: z.string(),
  rule: z.nullable(automaticReviewRuleSchema),
  /** Admin's name of the failed rule; null when approved. */
  label: z.nullable(z.string()),
  /** The participant's sentence; null when approved. */
  message: z.nullable(z.string()),
});
export type InvoiceAutomaticReview = z.infer<typeof invoiceAutomaticReviewSchema>;

/** The rules it checked, in order, each passed or not: the invoice's timeline. */
export const automaticReviewChecksSchema = z.array(
  z.object({ rule: automaticReviewRuleSchema, label: z.string(), passed: z.boolean() }),
);

/** An automatic approval sampled for a human to look at after the fact ("conferência"). */
export const invoiceConferenceStates = ['pending', 'confirmed', 'cancelled'] as const;
export const invoiceConferenceSchema = z.enum(invoiceConferenceStates, 'Escolha pendente ou confirmada.');

/** Confirms a sampled automatic approval (disagreeing is cancelling the invoice, which reverses its points). */
export const confirmConferenceBodySchema = z.object({ id: idSchema });

/** POST /cms/jobs/automatic-review: what one run decided. */
export const automaticReviewRunSchema = z.object({
  msg: z.string(),
  decided: z.number(),
  approved: z.number(),
  held: z.number(),
  sampled: z.number(),
});

/** GET /cms/jobs/automatic-review/today: what the automatic review did today (São Paulo), for Programa. */
export const automaticReviewTodaySchema = z.object({
  approved: z.number(),
  /** Held for the team today, by the first rule that failed. */
  held: z.array(z.object({ rule: automaticReviewRuleSchema, label: z.string(), count: z.number() })),
  /** Pending invoices the review has not decided yet (their hold has not passed, or the setting is off). */
  waiting: z.number(),
});
export type AutomaticReviewToday = z.infer<typeof automaticReviewTodaySchema>;
