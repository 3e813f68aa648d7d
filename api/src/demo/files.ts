import { crc32, deflateSync } from 'node:zlib';
import { NFE_NAMESPACE } from '../files/nfe';
import { signDemoNfe } from './nfe-signing';

// The demo programme's files, made in code so the repository ships no binaries: a small PNG per experience, an
// NF-e XML (layout 4.00, signed by its store's certificate under the demo root: nfe-signing.ts) or a one-page PDF
// per invoice.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

/** A 240x135 PNG: a diagonal gradient between two colours with a lighter band, enough to tell cards apart. */
export function demoPng(from: Rgb, to: Rgb): Buffer {
  const width = 240;
  const height = 135;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const band = Math.abs(y - height * 0.62) < 6 ? 40 : 0;
      for (let c = 0; c < 3; c++) {
        const value = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t) + band;
        raw[row + 1 + x * 3 + c] = Math.min(255, value);
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// PDF strings are Latin-1 with ( ) \ escaped; Helvetica's WinAnsi encoding shows the accents of Portuguese.
const pdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** A one-page PDF (A4) with the given lines, as a simplified DANFE. */
export function demoPdf(lines: readonly string[]): Buffer {
  const content = [
    'BT /F1 11 Tf 14 TL 56 780 Td',
    ...lines.map((line, i) => (i === 0 ? `/F1 14 Tf (${pdfText(line)}) Tj /F1 11 Tf T* T*` : `(${pdfText(line)}) '`)),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface DemoNfe {
  key: string;
  number: string;
  series: string;
  issuedOn: string;
  store: { cnpj: string; name: string; city: string; state: string };
  customer: { cpf: string; name: string } | null;
  lines: readonly { sku: string; description: string; quantity: number; total: number }[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const reais = (hundredths: number) => (hundredths / 100).toFixed(2);

/**
 * An authorised NF-e (nfeProc with protNFe, status 100), as a store's system would hand it over, signed by the store's
 * demo certificate: only the embedded demo, which trusts the demo root, reads it as verified.
 */
export function demoNfeXml(nfe: DemoNfe): string {
  const el = (name: string, content: string | number, attributes = '') => `<${name}${attributes}>${content}</${name}>`;
  const total = nfe.lines.reduce((sum, line) => sum + line.total, 0);
  const dets = nfe.lines
    .map((line, i) =>
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
            el('qCom', line.quantity.toFixed(4)),
            el('vUnCom', (line.total / 100 / line.quantity).toFixed(10)),
            el('vProd', reais(line.total)),
            el('indTot', 1),
          ].join(''),
        ) + el('imposto', el('ICMS', el('ICMS00', el('orig', 0) + el('CST', '00')))),
        ` nItem="${i + 1}"`,
      ),
    )
    .join('');
  const infNFe = el(
    'infNFe',
    [
      el(
        'ide',
        [
          el('cUF', 35),
          el('cNF', nfe.key.slice(35, 43)),
          el('natOp', 'VENDA DE MERCADORIA'),
          el('mod', 55),
          el('serie', nfe.series),
          el('nNF', nfe.number),
          el('dhEmi', `${nfe.issuedOn}T10:00:00-03:00`),
          el('tpNF', 1),
          el('tpAmb', 1),
        ].join(''),
      ),
      el(
        'emit',
        [
          el('CNPJ', nfe.store.cnpj),
          el('xNome', escapeXml(nfe.store.name)),
          el('enderEmit', el('xMun', escapeXml(nfe.store.city)) + el('UF', nfe.store.state)),
        ].join(''),
      ),
      nfe.customer ? el('dest', el('CPF', nfe.customer.cpf) + el('xNome', escapeXml(nfe.customer.name))) : '',
      dets,
      el('total', el('ICMSTot', el('vProd', reais(total)) + el('vNF', reais(total)))),
    ].join(''),
    ` Id="NFe${nfe.key}" versao="4.00"`,
  );
  const protocol = el(
    'infProt',
    [el('tpAmb', 1), el('chNFe', nfe.key), el('cStat', 100), el('xMotivo', 'Autorizado o uso da NF-e')].join(''),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>${el(
    'nfeProc',
    el('NFe', infNFe, ` xmlns="${NFE_NAMESPACE}"`) + el('protNFe', protocol, ' versao="4.00"'),
    ` xmlns="${NFE_NAMESPACE}" versao="4.00"`,
  )}`;
  return signDemoNfe(xml, nfe.store);
}
