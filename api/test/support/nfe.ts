import { type Issued, type SIGNATURE_ALGORITHMS, signNfe } from '../../src/demo/nfe-signing';
import { DEMO_STORE_CNPJ } from '../../src/demo/seed';
import { accessKeyCheckDigit, NFE_NAMESPACE } from '../../src/files/nfe';

// A builder of NF-e 4.00 XML documents for tests: valid by default (a correct access key for the demo store's CNPJ),
// with every part that a test needs to break open to override.

export interface NfeLineFixture {
  sku: string;
  description: string;
  /** qCom and vProd as the layout writes them ("10.5000", "1000.00"). */
  quantity: string;
  total: string;
  indTot?: '0' | '1';
}

export interface NfeFixture {
  cnpj: string;
  number: number;
  series: number;
  model: '55' | '65';
  /** ide/dhEmi, with the document's offset. */
  issuedAt: string;
  environment: '1' | '2';
  customer: { cpf: string; name?: string } | null;
  lines: NfeLineFixture[];
  /** ICMSTot/vProd (the sum of the lines unless set) and vNF (vProd + 15.00 of freight unless set). */
  productsTotal?: string;
  invoiceTotal?: string;
  version: string;
  /** nfeProc: the authorised document with its protocol; NFe: the bare document. */
  envelope: 'nfeProc' | 'NFe';
  /** A namespace prefix for every NF-e element ('nfe' writes <nfe:NFe xmlns:nfe="...">). */
  prefix: string;
  /** Replaces the key in infNFe@Id (null leaves the attribute out); the right one otherwise. */
  key?: string | null;
  /** Replaces the key in protNFe/infProt/chNFe. */
  protocolKey?: string;
  status: string;
  /** Text put right before the root element (a DOCTYPE, a comment). */
  prolog: string;
  /** Signs the document as SEFAZ expects (demo/nfe-signing.ts); unsigned without it. */
  signer?: Issued;
  algorithm?: keyof typeof SIGNATURE_ALGORITHMS;
}

export const defaultNfeLines: NfeLineFixture[] = [
  { sku: 'PISO-01', description: 'Porcelanato 60x60 A&B', quantity: '10.5000', total: '1000.00' },
  { sku: 'MET-01', description: 'Misturador monocomando', quantity: '1.0000', total: '250.50' },
];

/** The 44-digit key for a document's parts, with its check digit. */
export function nfeKey(parts: {
  state?: string;
  yearMonth?: string;
  cnpj: string;
  model: string;
  series: number;
  number: number;
  emission?: string;
  code?: string;
}): string {
  const first43 = [
    parts.state ?? '35',
    parts.yearMonth ?? '2601',
    parts.cnpj,
    parts.model,
    String(parts.series).padStart(3, '0'),
    String(parts.number).padStart(9, '0'),
    parts.emission ?? '1',
    parts.code ?? '12345678',
  ].join('');
  return `${first43}${accessKeyCheckDigit(first43)}`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const cents = (value: string) => Math.round(Number(value) * 100);
const reais = (hundredths: number) => (hundredths / 100).toFixed(2);

export function nfeXml(overrides: Partial<NfeFixture> = {}): string {
  const f: NfeFixture = {
    cnpj: DEMO_STORE_CNPJ,
    number: 4321,
    series: 1,
    model: '55',
    issuedAt: '2026-01-15T21:30:00-03:00',
    environment: '1',
    customer: null,
    lines: defaultNfeLines,
    version: '4.00',
    envelope: 'nfeProc',
    prefix: '',
    status: '100',
    prolog: '',
    ...overrides,
  };
  const p = f.prefix ? `${f.prefix}:` : '';
  const ns = f.prefix ? `xmlns:${f.prefix}="${NFE_NAMESPACE}"` : `xmlns="${NFE_NAMESPACE}"`;
  const key = nfeKey({
    yearMonth: `${f.issuedAt.slice(2, 4)}${f.issuedAt.slice(5, 7)}`,
    cnpj: f.cnpj,
    model: f.model,
    series: f.series,
    number: f.number,
  });
  const idKey = f.key === undefined ? key : f.key;
  const products = f.productsTotal ?? reais(f.lines.reduce((sum, line) => sum + cents(line.total), 0));
  const total = f.invoiceTotal ?? reais(cents(products) + 15_00);
  const el = (name: string, content: string, attributes = '') => `<${p}${name}${attributes}>${content}</${p}${name}>`;
  const dets = f.lines
    .map((line, index) =>
      el(
        'det',
        el(
          'prod',
          [
            el('cProd', escapeXml(line.sku)),
            el('cEAN', 'SEM GTIN'),
            el('xProd', escapeXml(line.description)),
            el('NCM', '69072100'),
            el('CFOP', '5102'),
            el('uCom', 'UN'),
            el('qCom', line.quantity),
            el('vUnCom', '1.0000000000'),
            el('vProd', line.total),
            el('indTot', line.indTot ?? '1'),
          ].join(''),
        ) + el('imposto', el('ICMS', el('ICMS00', el('orig', '0') + el('CST', '00')))),
        ` nItem="${index + 1}"`,
      ),
    )
    .join('');
  const dest = f.customer
    ? el('dest', el('CPF', f.customer.cpf) + (f.customer.name ? el('xNome', escapeXml(f.customer.name)) : ''))
    : '';
  const infNFe = el(
    'infNFe',
    [
      el(
        'ide',
        [
          el('cUF', '35'),
          el('cNF', '12345678'),
          el('natOp', 'VENDA DE MERCADORIA'),
          el('mod', f.model),
          el('serie', String(f.series)),
          el('nNF', String(f.number)),
          el('dhEmi', f.issuedAt),
          el('tpNF', '1'),
          el('tpAmb', f.environment),
        ].join(''),
      ),
      el('emit', el('CNPJ', f.cnpj) + el('xNome', 'CASA &amp; ACABAMENTO DEMO LTDA')),
      dest,
      dets,
      el('total', el('ICMSTot', el('vProd', products) + el('vFrete', '15.00') + el('vNF', total))),
    ].join(''),
    `${idKey === null ? '' : ` Id="NFe${idKey}"`} versao="${f.version}"`,
  );
  const nfe = `<${p}NFe${f.envelope === 'NFe' ? ` ${ns}` : ''}>${infNFe}</${p}NFe>`;
  const body =
    f.envelope === 'NFe'
      ? nfe
      : `<${p}nfeProc ${ns} versao="${f.version}">${nfe}${el(
          'protNFe',
          el(
            'infProt',
            el('tpAmb', f.environment) +
              el('chNFe', f.protocolKey ?? key) +
              el('dhRecbto', f.issuedAt) +
              el('nProt', '135260000000001') +
              el('cStat', f.status) +
              el('xMotivo', 'Autorizado o uso da NF-e'),
          ),
          ` versao="${f.version}"`,
        )}</${p}nfeProc>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${f.prolog}${body}`;
  return f.signer ? signNfe(xml, f.signer, f.algorithm) : xml;
}
