import { type AccessKey, type AccessKeyResult, normalizeAccessKey, parseAccessKey } from './access-key';

// No typing (docs/invoice-trust.md): the access key read from a DANFE PDF's text layer or an NFC-e's QR code link,
// then checked by parseAccessKey, and what a form says against it. Beside the key's rules, apart from them so that a
// page that only checks a typed key does not carry these.

export const keyReadingMessages = {
  pdfRequired: 'Envie o PDF da DANFE ou o link do QR code da NFC-e para ler a chave de acesso.',
  pdfUnreadable: 'Não conseguimos abrir este PDF: ele pode estar corrompido ou protegido por senha.',
  pdfNoText:
    'Este PDF é uma imagem digitalizada, sem texto para ler a chave de acesso: envie o PDF original da DANFE ou digite os dados da nota.',
  pdfNoKey:
    'Não encontramos a chave de acesso neste PDF: envie o PDF da DANFE gerado pela loja ou digite os dados da nota.',
  pdfTooSlow:
    'Este PDF demorou demais para ser lido: envie o PDF da DANFE gerado pela loja ou digite os dados da nota.',
  qrUrl:
    'Este link não é o do QR code de uma NFC-e: cole o endereço da Secretaria da Fazenda que o QR code da nota abre.',
  qrNoKey: 'O link do QR code não traz a chave de acesso da nota (os 44 números depois de "p=").',
  qrUnreadable: 'Não conseguimos ler o QR code: aproxime a câmera, com boa luz, ou cole o link da nota.',
  cameraDenied: 'Não foi possível usar a câmera: permita o acesso no navegador ou cole o link do QR code da nota.',
  noCamera: 'Este aparelho não tem câmera disponível: cole o link do QR code da nota.',
} as const;

/** Where a key was read (the request of `…/invoices/read-key` and the form's confirmation). */
export type KeySource = 'pdf' | 'qr';

// A DANFE prints the key in 11 groups of four characters; the text layer may also hold it whole, or with dots.
const KEY_IN_TEXT = /(?<![0-9A-Z])[0-9A-Z]{4}(?:[\s.]*[0-9A-Z]{4}){10}(?![0-9A-Z])/g;

/**
 * The access key in a document's text (a DANFE's text layer): the first candidate that parses, else the first
 * candidate's failure (its check digit, say), or null when the text holds nothing shaped like a key.
 */
export function accessKeyInText(text: string): AccessKeyResult | null {
  let first: AccessKeyResult | null = null;
  for (const match of text.toUpperCase().matchAll(KEY_IN_TEXT)) {
    const candidate = normalizeAccessKey(match[0]);
    if (!/^\d{6}/.test(candidate)) continue;
    const parsed = parseAccessKey(candidate);
    if (parsed.ok) return parsed;
    first ??= parsed;
  }
  return first;
}

/**
 * The key of an NFC-e's QR code: the SEFAZ consultation URL of any state, `?p=<key>|2|1|…` (versions 2 and 3) or
 * the older `?chNFe=<key>&nVersao=100&…`. Only an address of a state's finance office (`.gov.br`) is taken.
 */
export function accessKeyFromNfceUrl(input: string): AccessKeyResult | { ok: false; reason: 'qr'; message: string } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: 'qr', message: keyReadingMessages.qrUrl };
  }
  if (!/^https?:$/.test(url.protocol) || !/\.gov\.br$/i.test(url.hostname)) {
    return { ok: false, reason: 'qr', message: keyReadingMessages.qrUrl };
  }
  let raw: string | null = null;
  for (const [name, value] of url.searchParams) {
    const lower = name.toLowerCase();
    if (lower === 'p') raw = value.split('|')[0] ?? '';
    else if (lower === 'chnfe' && raw === null) raw = value;
  }
  const key = raw === null ? '' : normalizeAccessKey(raw);
  if (key.length !== 44) return { ok: false, reason: 'qr', message: keyReadingMessages.qrNoKey };
  return parseAccessKey(key);
}

/** A series or number as the person reads it: without the key's leading zeros. */
export const withoutLeadingZeros = (value: string) => value.trim().replace(/^0+(?=.)/, '');

/** What a form holds that a read key may contradict. */
export interface KeyedFields {
  storeCnpj?: string | null;
  number?: string;
  series?: string;
  /** YYYY-MM-DD. */
  issuedOn?: string;
}

export type KeyContradictions = Partial<Record<'store' | 'number' | 'series' | 'issuedOn', string>>;

const monthYear = (key: AccessKey) => `${String(key.month).padStart(2, '0')}/${key.year}`;

/** The fields the person typed or chose that say another document than the key's, each named in pt-BR. */
export function keyContradictions(key: AccessKey, fields: KeyedFields): KeyContradictions {
  const found: KeyContradictions = {};
  if (fields.storeCnpj && fields.storeCnpj.replace(/\D/g, '') !== key.cnpj.replace(/\D/g, '')) {
    found.store = 'A chave de acesso é de outra loja: confira a loja escolhida.';
  }
  if (fields.number?.trim() && withoutLeadingZeros(fields.number) !== withoutLeadingZeros(key.number)) {
    found.number = `A chave de acesso é da nota número ${withoutLeadingZeros(key.number)}: confira o número.`;
  }
  if (fields.series?.trim() && withoutLeadingZeros(fields.series) !== withoutLeadingZeros(key.series)) {
    found.series = `A chave de acesso é da série ${withoutLeadingZeros(key.series)}: confira a série.`;
  }
  const issued = /^(\d{4})-(\d{2})-\d{2}$/.exec(fields.issuedOn ?? '');
  if (issued && (Number(issued[1]) !== key.year || Number(issued[2]) !== key.month)) {
    found.issuedOn = `A chave de acesso é de uma nota emitida em ${monthYear(key)}: confira a data de emissão.`;
  }
  return found;
}
