import type { InvoiceDocumentInput, InvoiceLineInput } from '@especifica/mf-shared/contracts';
import { normalizeCnpj } from '../../domain/cnpj';
import { toHundredths } from '../../domain/points';
import type { NfeDocument } from '../../files/nfe';
import { fail } from '../../kernel/errors';

// An invoice uploaded as its NF-e XML (domain: invoices): the document is the invoice, so the store, number, series,
// date, access key, products and (when the buyer has a CPF) the customer are the document's, and the form may leave
// them out. A typed field that says something else is REFUSED (400 nfe-mismatch, naming the fields), never silently
// replaced: a form and a file that disagree usually mean another invoice's XML was attached, and the person should
// see it at the upload rather than after an approval. The customer's name is free text and is not compared (the
// document's wins when it has one). What the document does not say (the professional; the customer when the buyer
// has no CPF) still comes from the form.

export const mismatchLabels = {
  storeId: 'loja',
  storeCnpj: 'CNPJ da loja',
  number: 'número',
  series: 'série',
  issuedOn: 'data de emissão',
  accessKey: 'chave de acesso',
  customerCpf: 'CPF do cliente',
  lines: 'produtos',
} as const;
export type MismatchField = keyof typeof mismatchLabels;

function joinPt(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

export function documentMismatch(fields: MismatchField[]) {
  const names = joinPt(fields.map((field) => mismatchLabels[field]));
  const msg =
    fields.length === 1
      ? `O campo ${names} não confere com o XML da NF-e: deixe-o em branco ou igual ao da nota.`
      : `Os campos ${names} não conferem com o XML da NF-e: deixe-os em branco ou iguais aos da nota.`;
  return fail.badRequest(msg, 'nfe-mismatch', { fields });
}

const stripZeros = (text: string) => text.replace(/^0+(?=\d)/, '');

function sameLines(typed: readonly InvoiceLineInput[], document: readonly InvoiceLineInput[]): boolean {
  return (
    typed.length === document.length &&
    typed.every((line, i) => {
      const other = document[i] as InvoiceLineInput;
      return (
        line.sku.trim().toUpperCase() === other.sku.trim().toUpperCase() &&
        line.quantity === other.quantity &&
        toHundredths(line.total) === toHundredths(other.total)
      );
    })
  );
}

/** The create input from the document and the typed fields (validated by the contract afterwards). */
export function inputFromNfe(typed: InvoiceDocumentInput, document: NfeDocument): Record<string, unknown> {
  const differs: MismatchField[] = [];
  if (typed.storeCnpj && normalizeCnpj(typed.storeCnpj) !== document.storeCnpj) differs.push('storeCnpj');
  if (typed.number && stripZeros(typed.number) !== document.number) differs.push('number');
  if (typed.series && stripZeros(typed.series.toUpperCase()) !== document.series) differs.push('series');
  if (typed.issuedOn && typed.issuedOn !== document.issuedOn) differs.push('issuedOn');
  if (typed.accessKey && typed.accessKey !== document.accessKey) differs.push('accessKey');
  if (typed.customerCpf && document.customer && typed.customerCpf !== document.customer.cpf) {
    differs.push('customerCpf');
  }
  if (typed.lines && !sameLines(typed.lines, document.lines)) differs.push('lines');
  if (differs.length > 0) throw documentMismatch(differs);
  return {
    ...typed,
    storeCnpj: document.storeCnpj,
    number: document.number,
    series: document.series,
    issuedOn: document.issuedOn,
    accessKey: document.accessKey,
    customerCpf: document.customer?.cpf ?? typed.customerCpf,
    customerName: document.customer ? (document.customer.name ?? typed.customerName) : typed.customerName,
    lines: document.lines,
  };
}
