import { z } from 'zod/mini';
import { invoiceSchema, invoiceSignatureSchema } from './invoices';

// What an NF-e XML says, read before the invoice is sent, so that the person confirms what will be registered.

export const nfeReadingSchema = z.object({
  storeCnpj: z.string(),
  /** The partner store with that CNPJ, or null when the programme has none. */
  store: z.nullable(z.object({ id: z.string(), name: z.string() })),
  number: z.string(),
  series: z.string(),
  issuedOn: z.string(),
  accessKey: z.string(),
  customer: z.nullable(z.object({ cpf: z.string(), name: z.nullable(z.string()) })),
  /** The products' total in reais. */
  total: z.number(),
  /** Each line, and whether its product takes part in the programme (active in the catalogue). */
  lines: invoiceSchema.shape.lines,
  /** The store's signature, checked over the XML (an invalid one is refused: 400 nfe-signature). */
  signature: z.optional(invoiceSignatureSchema),
});
export type NfeReading = z.infer<typeof nfeReadingSchema>;

/**
 * What an access key read with no typing says (`…/invoices/read-key`: a DANFE PDF's text layer, or an NFC-e's QR code
 * link): its parts as parseAccessKey reads them, and the partner store of its CNPJ.
 */
export const keyReadingSchema = z.object({
  source: z.enum(['pdf', 'qr']),
  accessKey: z.string(),
  storeCnpj: z.string(),
  /** The partner store with that CNPJ, or null when the programme has none. */
  store: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** 55 NF-e, 65 NFC-e. */
  model: z.enum(['55', '65']),
  /** Without the key's leading zeros, as the person types them. */
  series: z.string(),
  number: z.string(),
  year: z.number(),
  month: z.number(),
  /** The IBGE code of the emitter's state. */
  state: z.string(),
});
export type KeyReading = z.infer<typeof keyReadingSchema>;
