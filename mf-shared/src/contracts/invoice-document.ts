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
