import {
  ACCESS_KEY,
  accessKeyCheckDigit,
  isValidAccessKey,
  isValidCpf,
  parseAccessKey,
} from '@especifica/mf-shared/contracts';
import { type X2jOptions, XMLParser, XMLValidator } from 'fast-xml-parser';
import { isValidCnpj } from '../domain/cnpj';
import { fail } from '../kernel/errors';
import {
  icpBrasilTrust,
  type NfeTrust,
  type SignatureOutcome,
  signatureMessages,
  signatureOutcome,
} from './nfe-signature';
import { checkNfeSignature, wholeTreeParser, type XmlSignatureCheck } from './xml-signature.cjs';
import { type XmlOutcome, xmlThread } from './xml-thread';

// The NF-e XML (layout 4.00, "Manual de Orientação do Contribuinte"): the document an invoice upload can be, from
// which the store (emitter's CNPJ), number, series, date, access key, customer and product lines are read instead of
// typed. `<nfeProc>` (the authorised document with its protocol, what stores send to buyers) and a bare `<NFe>` are
// read. Its XMLDSig signature is checked over the bytes as received (xml-signature.cjs, nfe-signature.ts): a signed
// document's fields are read only from what the signature covers, and one whose signature fails is refused.
//
// Hardening: the text must be UTF-8 (as the layout requires); any DOCTYPE or ENTITY declaration is refused before
// parsing (no XXE, no entity expansion: billion laughs); only the five XML entities and character references are
// decoded; nesting is capped; every value is read as text (an access key never becomes a float) and checked
// against the layout's pattern. The document must fit a budget (NFE_MAX_BYTES, a number of tags) checked before any
// parsing, and the upload routes parse on a worker thread (readNfeOffThread).

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
const LAYOUT = '4.00';

export interface NfeLine {
  sku: string;
  description: string;
  quantity: number;
  /** prod/vProd in reais. */
  total: number;
}

export interface NfeDocument {
  /** 44 characters (see ACCESS_KEY): letters only where the emitter’s CNPJ has them. */
  accessKey: string;
  /** 55 (NF-e) or 65 (NFC-e, the same layout). */
  model: '55' | '65';
  /** ide/nNF without leading zeros. */
  number: string;
  /** ide/serie without leading zeros. */
  series: string;
  /** The date of ide/dhEmi in the document's own offset, YYYY-MM-DD. */
  issuedOn: string;
  /** The instant of ide/dhEmi (ISO 8601, UTC): the automatic review's hold counts from it. */
  issuedAt: string;
  /** emit/CNPJ, 14 digits. */
  storeCnpj: string;
  /** dest/CPF and dest/xNome, when the buyer is a person identified by CPF. */
  customer: { cpf: string; name: string | null } | null;
  lines: NfeLine[];
  /** total/ICMSTot/vProd (the products) and vNF (the invoice, freight and taxes included), in hundredths. */
  productsTotal: number;
  invoiceTotal: number;
  /** The store's signature: verified (who signed), or unsigned; an invalid one is refused (400 nfe-signature). */
  signature: Extract<SignatureOutcome, { status: 'verified' | 'unsigned' }>;
}

/**
 * Which documents a deployment takes (NFE_ENVIRONMENT): production only tpAmb 1, a staging one (homologacao) only
 * tpAmb 2; and whose signatures it trusts (the ICP-Brasil roots, plus NFE_TRUSTED_ROOTS and the embedded demo's root).
 */
export interface NfeSettings {
  environment: 'producao' | 'homologacao';
  trust: NfeTrust;
}

let settings: NfeSettings | null = null;

/** Set once at start (app.ts); until then, production with the ICP-Brasil roots alone. */
export function configureNfe(next: NfeSettings) {
  settings = next;
}

function nfeSettings(): NfeSettings {
  settings ??= { environment: 'producao', trust: icpBrasilTrust() };
  return settings;
}

export const nfeMessages = {
  encoding: 'O XML da NF-e não pôde ser lido: o arquivo não está em UTF-8.',
  doctype:
    'O XML enviado tem uma declaração DOCTYPE ou ENTITY, que uma NF-e não tem: envie o XML da NF-e como a loja o recebeu da SEFAZ.',
  malformed: (line: number | null) =>
    `O arquivo XML está malformado${line ? ` (linha ${line})` : ''}: envie o XML completo da NF-e, sem alterações.`,
  notNfe:
    'O XML enviado não é uma NF-e: envie o XML da nota fiscal eletrônica (<nfeProc> ou <NFe> do Portal da Nota Fiscal Eletrônica).',
  version: (found: string | null) =>
    `${found ? `Esta NF-e está no leiaute ${found}` : 'A NF-e não informa a versão do leiaute'}: só o leiaute ${LAYOUT} é aceito.`,
  field: (path: string) => `O campo ${path} da NF-e está ausente ou é inválido.`,
  keyFormat: 'A chave de acesso da NF-e deve ter 44 caracteres: números, e letras só no CNPJ do emitente.',
  keyDigit: 'A chave de acesso da NF-e tem o dígito verificador errado: confira se o XML é o original.',
  keyRule: (rule: string) => `${rule} O XML da NF-e não é o original.`,
  keyMismatch: (what: string) => `A chave de acesso não confere com ${what} da própria NF-e: o XML foi alterado.`,
  protocol: 'A chave de acesso do protocolo de autorização (protNFe) não é a da NF-e.',
  notAuthorised: (status: string) => `Esta NF-e não foi autorizada pela SEFAZ (situação ${status}).`,
  tooLarge: 'O XML passa de 1 MB, muito mais do que uma NF-e tem: envie o XML da NF-e como a loja o recebeu da SEFAZ.',
  tooComplex: 'O XML tem elementos demais para uma NF-e: envie o XML da NF-e como a loja o recebeu da SEFAZ.',
  homologation: 'Esta NF-e foi emitida em ambiente de homologação (teste) e não tem valor fiscal.',
  production: 'Este ambiente de testes aceita só NF-e emitidas em homologação (tpAmb 2), não notas de produção.',
  totals: (lines: number, total: number) =>
    `Os produtos da NF-e somam ${money(lines)}, mas o total de produtos (vProd) da nota é ${money(total)}: o XML foi alterado.`,
} as const;

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (hundredths: number) => brl.format(hundredths / 100).replace(/\u00a0/g, ' ');

const invalid = (msg: string, code: string) => fail.badRequest(msg, code);

// The access key's rules live in one module shared with the forms (contracts/access-key.ts); re-exported for the
// readers of this file.
export { accessKeyCheckDigit, isValidAccessKey };

// Only the five predefined entities and character references: whatever else looks like an entity stays as text.
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids even as references.
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name] ?? whole;
    const code = decimal ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    if (!Number.isFinite(code) || code > 0x10ffff) return whole;
    const char = String.fromCodePoint(code);
    return FORBIDDEN_CHAR.test(char) ? '' : char;
  });
}

// Cloneable (the parse runs on a worker thread, see xml-thread.ts): entities are left alone by the parser and decoded
// here afterwards, so that nothing but the five XML entities and character references is ever expanded.
const parserOptions: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // An NF-e nests about 8 deep (nfeProc > NFe > infNFe > det > imposto > ICMS > ICMS00 > ...).
  maxNestedTags: 32,
  processEntities: false,
};

/** The budget of one document: an NF-e is a few hundred KB; one of 990 lines (the layout's most) has ~34,000 tags. */
export const NFE_MAX_BYTES = 1024 * 1024;
const NFE_MAX_TAGS = 80_000;
const PARSE_TIMEOUT_MS = 10_000;

type XmlNode = Record<string, unknown>;

const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the document's elements by local name, whatever prefix the root element used for the NF-e namespace. */
class Reader {
  constructor(private readonly prefix: string) {}

  /** The one child element `name` (an element repeated where the layout allows one is not read). */
  one(parent: unknown, name: string): XmlNode | undefined {
    if (!isNode(parent)) return undefined;
    const value = parent[this.prefix + name];
    if (isNode(value)) return value;
    // An element without attributes or children is parsed as its text.
    return typeof value === 'string' ? { '#text': value } : undefined;
  }

  /** Every child element `name`, in document order. */
  all(parent: unknown, name: string): XmlNode[] {
    if (!isNode(parent)) return [];
    const value = parent[this.prefix + name];
    const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return items.map((item) => (isNode(item) ? item : { '#text': item }));
  }

  text(parent: unknown, name: string): string | undefined {
    const node = this.one(parent, name);
    const value = node?.['#text'];
    if (typeof value === 'string') return value;
    // An empty element with attributes only.
    return node ? '' : undefined;
  }

  /** A required text that must match the layout's pattern; `path` names it in the error. */
  field(parent: unknown, name: string, path: string, pattern: RegExp): string {
    const value = this.text(parent, name);
    if (value === undefined || !pattern.test(value)) throw invalid(nfeMessages.field(path), 'nfe-invalid');
    return value;
  }
}

const attr = (node: XmlNode | undefined, name: string): string | undefined => {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
};

// The layout's simple types, a little lenient on leading zeros (which are dropped).
const DIGITS = (min: number, max: number) => new RegExp(`^\\d{${min},${max}}$`);
const DECIMAL = (integer: number, decimals: number) => new RegExp(`^\\d{1,${integer}}(\\.\\d{1,${decimals}})?$`);
const MONEY = DECIMAL(13, 2);
const QUANTITY = DECIMAL(11, 4);
const TEXT = (max: number) => new RegExp(`^[\\s\\S]{1,${max}}$`);
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A decimal text of the layout to hundredths, without passing through a float. */
function hundredths(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

const stripZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

function issuedOnOf(dhEmi: string): string {
  const match = DATE_TIME.exec(dhEmi);
  if (!match) throw invalid(nfeMessages.field('ide/dhEmi'), 'nfe-invalid');
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalid(nfeMessages.field('ide/dhEmi'), 'nfe-invalid');
  }
  // The calendar day where the store issued it: the date part, in the document's own offset.
  return dhEmi.slice(0, 10);
}

function decodeUtf8(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw invalid(nfeMessages.encoding, 'nfe-encoding');
  }
}

const parser = new XMLParser(parserOptions);
const parserFor = wholeTreeParser(XMLParser, parserOptions, parser);
const thread = xmlThread(parserOptions, PARSE_TIMEOUT_MS);

/** Entities decoded in every text and attribute value, in place. */
function decodeTree(node: unknown): unknown {
  if (typeof node === 'string') return decodeEntities(node);
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) node[index] = decodeTree(node[index]);
  } else if (isNode(node)) {
    for (const key of Object.keys(node)) node[key] = decodeTree(node[key]);
  }
  return node;
}

/** The checks made before parsing: size, encoding, no DOCTYPE, a bounded number of tags. */
function checkedText(data: Buffer): string {
  if (data.length > NFE_MAX_BYTES) throw fail.tooLarge(nfeMessages.tooLarge, 'nfe-too-large');
  const text = decodeUtf8(data);
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(text)) throw invalid(nfeMessages.doctype, 'nfe-doctype');
  let tags = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
    if (++tags > NFE_MAX_TAGS) throw fail.invalid(nfeMessages.tooComplex, 'nfe-too-complex');
  }
  return text;
}

function treeOf(outcome: XmlOutcome): XmlNode {
  if ('timedOut' in outcome) throw fail.invalid(nfeMessages.tooComplex, 'nfe-too-complex');
  // Too deep, or a name the parser will not put on an object (__proto__): not an NF-e either way.
  if ('malformed' in outcome) throw invalid(nfeMessages.malformed(outcome.malformed), 'nfe-malformed');
  if (!isNode(outcome.tree)) throw invalid(nfeMessages.malformed(null), 'nfe-malformed');
  return decodeTree(outcome.tree) as XmlNode;
}

/** The same parse on the calling thread (the unit tests' and small documents' way). */
function parseHere(text: string, using = parser): XmlOutcome {
  const validation = XMLValidator.validate(text);
  if (validation !== true) return { malformed: validation.err.line ?? null };
  try {
    return { tree: using.parse(text) };
  } catch {
    return { malformed: null };
  }
}

/** The root element (nfeProc or NFe) and the prefix the NF-e namespace has in the document ('' or 'x:'). */
function rootOf(tree: XmlNode): { name: 'nfeProc' | 'NFe'; node: XmlNode; prefix: string } {
  const names = Object.keys(tree).filter((key) => !key.startsWith('?') && !key.startsWith('#'));
  const [qualified] = names;
  if (names.length !== 1 || !qualified || !isNode(tree[qualified])) throw invalid(nfeMessages.notNfe, 'nfe-not-nfe');
  const colon = qualified.indexOf(':');
  const prefix = colon >= 0 ? qualified.slice(0, colon + 1) : '';
  const name = qualified.slice(colon + 1);
  const node = tree[qualified] as XmlNode;
  const namespace = attr(node, prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns');
  if ((name !== 'nfeProc' && name !== 'NFe') || namespace !== NFE_NAMESPACE) {
    throw invalid(nfeMessages.notNfe, 'nfe-not-nfe');
  }
  return { name, node, prefix };
}

/**
 * Reads an NF-e XML (layout 4.00) into the invoice's fields, or throws a 400 {msg, code} in pt-BR: nfe-encoding,
 * nfe-doctype, nfe-malformed, nfe-not-nfe, nfe-version, nfe-invalid (a field missing or off its pattern), nfe-key
 * (format, a rule of the key, or a key that disagrees with the document), nfe-not-authorised, nfe-homologation
 * (tpAmb 2 in production), nfe-production (tpAmb 1 where NFE_ENVIRONMENT=homologacao), nfe-totals (the products do
 * not add up to ICMSTot/vProd), nfe-signature (the signature fails, or its certificate is not the emitter's or not
 * trusted, with the reason).
 */
export function readNfe(data: Buffer): NfeDocument {
  const text = checkedText(data);
  // A malformed document is refused as such by the parse, whatever its signature said.
  const signature = checkNfeSignature(text);
  const tree = treeOf(parseHere(text, parserFor(signature)));
  const signedTree = signature.status === 'signed' ? treeOf(parseHere(signature.signedInfNFe)) : undefined;
  return documentOf(tree, signature, signedTree);
}

/** readNfe with the parse and the signature check on a worker thread: the upload routes' way, blocking nobody. */
export async function readNfeOffThread(data: Buffer): Promise<NfeDocument> {
  const outcome = await thread.parse(checkedText(data), true);
  const tree = treeOf(outcome);
  const signature = 'tree' in outcome ? outcome.signature : undefined;
  const signedTree = 'tree' in outcome && outcome.signedTree ? treeOf({ tree: outcome.signedTree }) : undefined;
  return documentOf(tree, signature, signedTree);
}

/**
 * `signature`: what the bytes' signature says (an invalid one ends the reading here, before any field is read);
 * `signedTree`: what a valid one covers, the canonical infNFe, from which alone a signed document is read.
 */
function documentOf(
  tree: XmlNode,
  signature: XmlSignatureCheck | undefined,
  signedTree: XmlNode | undefined,
): NfeDocument {
  const root = rootOf(tree);
  const read = new Reader(root.prefix);
  if (!signature || (signature.status === 'signed' && !signedTree)) {
    throw invalid(nfeMessages.malformed(null), 'nfe-malformed');
  }
  if (signature.status === 'invalid') throw invalid(signatureMessages[signature.reason], 'nfe-signature');

  const nfe = root.name === 'NFe' ? root.node : read.one(root.node, 'NFe');
  const infNFe = signedTree ? read.one(signedTree, 'infNFe') : read.one(nfe, 'infNFe');
  // A default namespace redeclared on <NFe> inside <nfeProc> must still be the NF-e's.
  const nfeNamespace = attr(nfe, root.prefix ? `xmlns:${root.prefix.slice(0, -1)}` : 'xmlns');
  if (!nfe || !infNFe || (nfeNamespace !== undefined && nfeNamespace !== NFE_NAMESPACE)) {
    throw invalid(nfeMessages.notNfe, 'nfe-not-nfe');
  }
  const version = attr(infNFe, 'versao') ?? null;
  if (version !== LAYOUT) throw invalid(nfeMessages.version(version), 'nfe-version');

  const ide = read.one(infNFe, 'ide');
  const emit = read.one(infNFe, 'emit');
  const dest = read.one(infNFe, 'dest');
  const icmsTot = read.one(read.one(infNFe, 'total'), 'ICMSTot');

  const state = read.field(ide, 'cUF', 'ide/cUF', DIGITS(2, 2));
  const model = read.field(ide, 'mod', 'ide/mod', /^(55|65)$/) as '55' | '65';
  const series = stripZeros(read.field(ide, 'serie', 'ide/serie', DIGITS(1, 3)));
  const number = stripZeros(read.field(ide, 'nNF', 'ide/nNF', /^(?!0+$)\d{1,9}$/));
  const dhEmi = read.field(ide, 'dhEmi', 'ide/dhEmi', TEXT(40));
  const issuedOn = issuedOnOf(dhEmi);
  const environment = read.field(ide, 'tpAmb', 'ide/tpAmb', /^[12]$/);
  // The alphanumeric CNPJ (July 2026) has letters in its first 12 characters.
  const cnpj = read.field(emit, 'CNPJ', 'emit/CNPJ', /^[0-9A-Z]{12}\d{2}$/);
  if (!isValidCnpj(cnpj)) throw invalid(nfeMessages.field('emit/CNPJ'), 'nfe-invalid');
  // Whose signature it is, as soon as the date of issue and the emitter's CNPJ that decide it are read.
  const signer = signatureOutcome(
    signature,
    { issuedAt: new Date(Date.parse(dhEmi)), emitterCnpj: cnpj },
    nfeSettings().trust,
  );
  if (signer.status === 'invalid') throw invalid(signer.reason, 'nfe-signature');

  const accessKey = keyOf(read, root, infNFe);
  const agrees: [string, boolean][] = [
    ['a UF (ide/cUF)', accessKey.slice(0, 2) === state],
    ['o CNPJ do emitente', accessKey.slice(6, 20) === cnpj],
    ['o modelo', accessKey.slice(20, 22) === model],
    ['a série', accessKey.slice(22, 25) === series.padStart(3, '0')],
    ['o número', accessKey.slice(25, 34) === number.padStart(9, '0')],
  ];
  const disagree = agrees.filter(([, ok]) => !ok).map(([what]) => what);
  if (disagree.length > 0) throw invalid(nfeMessages.keyMismatch(joinPt(disagree)), 'nfe-key');

  let customer: NfeDocument['customer'] = null;
  const cpf = read.text(dest, 'CPF');
  if (cpf !== undefined) {
    if (!/^\d{11}$/.test(cpf) || !isValidCpf(cpf)) throw invalid(nfeMessages.field('dest/CPF'), 'nfe-invalid');
    customer = { cpf, name: read.text(dest, 'xNome')?.slice(0, 160) || null };
  }

  const details = read.all(infNFe, 'det');
  if (details.length < 1 || details.length > 990) throw invalid(nfeMessages.field('det'), 'nfe-invalid');
  let counted = 0;
  const lines = details.map((det, index) => {
    const prod = read.one(det, 'prod');
    const path = (name: string) => `det[${index + 1}]/prod/${name}`;
    const sku = read.field(prod, 'cProd', path('cProd'), TEXT(60));
    const description = read.field(prod, 'xProd', path('xProd'), TEXT(120));
    const quantity = read.field(prod, 'qCom', path('qCom'), QUANTITY);
    const total = read.field(prod, 'vProd', path('vProd'), MONEY);
    // indTot 0: the item's value does not make up the invoice's vProd (the manual's rule for ICMSTot/vProd).
    if (read.text(prod, 'indTot') !== '0') counted += hundredths(total);
    return { sku, description, quantity: Number(quantity), total: hundredths(total) / 100 };
  });
  const productsTotal = hundredths(read.field(icmsTot, 'vProd', 'total/ICMSTot/vProd', MONEY));
  const invoiceTotal = hundredths(read.field(icmsTot, 'vNF', 'total/ICMSTot/vNF', MONEY));
  // vNF adds freight, insurance and taxes and takes discounts: the products are checked against vProd instead.
  if (counted !== productsTotal) throw invalid(nfeMessages.totals(counted, productsTotal), 'nfe-totals');

  const { environment: accepted } = nfeSettings();
  if (accepted === 'producao' && environment === '2') throw invalid(nfeMessages.homologation, 'nfe-homologation');
  if (accepted === 'homologacao' && environment === '1') throw invalid(nfeMessages.production, 'nfe-production');

  return {
    accessKey,
    model,
    number,
    series,
    issuedOn,
    issuedAt: new Date(Date.parse(dhEmi)).toISOString(),
    storeCnpj: cnpj,
    customer,
    lines,
    productsTotal,
    invoiceTotal,
    signature: signer,
  };
}

/** infNFe@Id ("NFe" + the 44-character key) and, in an nfeProc, protNFe/infProt/chNFe: the same valid key. */
function keyOf(read: Reader, root: ReturnType<typeof rootOf>, infNFe: XmlNode): string {
  const id = attr(infNFe, 'Id');
  const fromId = id === undefined ? undefined : /^NFe(.{44})$/.exec(id)?.[1];
  if (id !== undefined && !(fromId && ACCESS_KEY.test(fromId))) throw invalid(nfeMessages.keyFormat, 'nfe-key');

  let fromProtocol: string | undefined;
  if (root.name === 'nfeProc') {
    const infProt = read.one(read.one(root.node, 'protNFe'), 'infProt');
    if (infProt) {
      fromProtocol = read.text(infProt, 'chNFe');
      if (fromProtocol !== undefined && !ACCESS_KEY.test(fromProtocol)) {
        throw invalid(nfeMessages.keyFormat, 'nfe-key');
      }
      const status = read.text(infProt, 'cStat');
      // 100: authorised; 150: authorised late. Anything else in a protocol is a denial.
      if (status !== undefined && status !== '100' && status !== '150') {
        throw invalid(nfeMessages.notAuthorised(status), 'nfe-not-authorised');
      }
    }
  }
  if (fromId && fromProtocol && fromId !== fromProtocol) throw invalid(nfeMessages.protocol, 'nfe-key');
  const key = fromId ?? fromProtocol;
  if (!key) throw invalid(nfeMessages.keyFormat, 'nfe-key');
  const parsed = parseAccessKey(key);
  if (!parsed.ok) {
    throw invalid(parsed.reason === 'digit' ? nfeMessages.keyDigit : nfeMessages.keyRule(parsed.message), 'nfe-key');
  }
  return key;
}

function joinPt(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}
