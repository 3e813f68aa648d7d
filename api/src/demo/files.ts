import { crc32, deflateSync } from 'node:zlib';
import { NFE_NAMESPACE } from '../files/nfe';
import { signDemoNfe } from './nfe-signing';

// The demo programme's files, made in code so the repository ships no binaries: a picture per experience, an
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

function png(width: number, height: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The materials of the field a demo picture is made of. */
export type Material = 'marble' | 'wood' | 'terracotta' | 'brass' | 'room';

/** A number from 0 to 1 that depends only on its inputs: the pictures are the same on every seed. */
const hash = (...values: number[]) => {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ Math.round(value * 1000), 16777619);
  return ((h >>> 0) % 10007) / 10007;
};
const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((c) => (a[c] ?? 0) + ((b[c] ?? 0) - (a[c] ?? 0)) * t) as Rgb;
const clamp01 = (t: number) => Math.max(0, Math.min(1, t));
const smooth = (edge0: number, edge1: number, x: number) => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};

/** The colour of `material` at (x, y) of a picture `width` × `height`; `seed` varies it per record. */
function shade(material: Material, x: number, y: number, width: number, height: number, seed: number): Rgb {
  const phase = seed * 6.283;
  switch (material) {
    case 'marble': {
      // Veins: where a folded wave crosses zero, a thin grey line, with a softer second vein.
      const fold = Math.sin(
        (x * 0.9 + y * 0.45) / 38 + 2.4 * Math.sin(x / 61 + phase) + 1.6 * Math.sin(y / 43 - phase),
      );
      const vein = 1 - smooth(0, 0.06, Math.abs(fold));
      const soft = 1 - smooth(0, 0.22, Math.abs(Math.sin((x - y * 0.7) / 57 + 2 * Math.sin(y / 33 + phase))));
      const base = mix([238, 234, 227], [226, 221, 213], (x + y) / (width + height));
      return mix(mix(base, [176, 170, 162], soft * 0.35), [118, 112, 106], vein * 0.8);
    }
    case 'wood': {
      // Boards 58 px high laid along the picture, each with a grain of its own, its joints staggered.
      const board = Math.floor((y + seed * 30) / 58);
      const offset = hash(board, seed) * 90;
      const length = (x + offset * 4) % 300;
      const ring = (y * 1.4 + offset + 7 * Math.sin(x / 110 + board) + 2.5 * Math.sin(x / 27 + offset)) / 6;
      const grain = smooth(0.2, 0.8, Math.abs((ring % 2) - 1));
      const knot = Math.exp(-((x - 150 - offset * 2) ** 2 + ((y % 58) - 29) ** 2 * 6) / 900);
      const tone = hash(board, seed, 1) * 0.3;
      const wood = mix(mix([188, 136, 90], [158, 108, 68], grain * 0.55 + knot * 0.4), [122, 82, 50], tone);
      return (y + seed * 30) % 58 < 2 || length < 2 ? mix(wood, [70, 45, 28], 0.55) : wood;
    }
    case 'terracotta': {
      // Square tiles of 54 px in a light grout, each tile a shade of its own, a little lighter at its top.
      const size = 54;
      const tx = Math.floor(x / size);
      const ty = Math.floor(y / size);
      if (x % size < 3 || y % size < 3) return [226, 214, 198];
      const tile = mix([196, 102, 64], [212, 134, 88], hash(tx, ty, seed));
      return mix(tile, [232, 160, 118], (1 - (y % size) / size) * 0.18);
    }
    case 'brass': {
      // Brushed metal: a wide highlight across, and fine horizontal lines.
      const light = 0.5 + 0.5 * Math.cos((x / width - 0.35 - seed * 0.2) * Math.PI * 1.6);
      const brushed = 0.06 * Math.sin(y * 1.9 + Math.sin(y * 0.37) * 3);
      return mix([150, 114, 52], [236, 204, 134], clamp01(light * 0.85 + brushed));
    }
    case 'room': {
      // A room in one-point perspective: back wall, floor boards running to the vanishing point, side walls.
      const left = width * 0.3;
      const right = width * 0.72;
      const top = height * 0.18;
      const bottom = height * 0.68;
      const vx = width * (0.48 + seed * 0.06);
      const glow = 1 - clamp01(Math.hypot(x - vx, y - top * 1.6) / (width * 0.55));
      if (x >= left && x <= right && y >= top && y <= bottom) {
        const wall = mix([224, 216, 204], [244, 238, 228], glow);
        // A doorway in the back wall.
        return x > left + (right - left) * 0.62 && x < left + (right - left) * 0.82 && y > top + (bottom - top) * 0.3
          ? [96, 82, 70]
          : wall;
      }
      if (y > bottom && Math.abs(x - vx) <= ((y - bottom) / (height - bottom)) * width + (right - left)) {
        // The boards: the angle from the vanishing point, in stripes.
        const angle = Math.atan2(x - vx, y - top * 1.6);
        const board = Math.abs(Math.sin(angle * 22)) < 0.06;
        return mix(board ? [120, 82, 52] : [178, 128, 84], [200, 150, 104], glow * 0.6);
      }
      if (y < top) return mix([236, 230, 220], [250, 246, 238], glow);
      return mix([206, 196, 182], [232, 224, 212], glow);
    }
  }
}

/**
 * A demo picture of the field, 480 × 270 (16:9) unless sized otherwise: a ground of one material (or a room), with swatches of others laid
 * on it as on a designer's board. Drawn in code, the same for the same `seed`, so the repository ships no images.
 */
export function materialBoard(
  ground: Material,
  swatches: readonly Material[],
  seed: number,
  { width, height } = { width: 480, height: 270 },
): Buffer {
  const scale = width / 480;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const cards = swatches.map((material, i) => ({
    material,
    x: Math.round(width - (24 + (swatches.length - i) * 104 - i * 8) * scale),
    y: Math.round((40 + i * 46) * scale),
    w: Math.round(96 * scale),
    h: Math.round(128 * scale),
  }));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      let colour = shade(ground, x, y, width, height, seed);
      for (const card of cards) {
        const inside = x >= card.x && x < card.x + card.w && y >= card.y && y < card.y + card.h;
        const shadow = x >= card.x + 4 && x < card.x + card.w + 6 && y >= card.y + 6 && y < card.y + card.h + 8;
        if (inside) {
          const border = x < card.x + 5 || x >= card.x + card.w - 5 || y < card.y + 5 || y >= card.y + card.h - 5;
          colour = border ? [250, 248, 244] : shade(card.material, x - card.x, y - card.y, card.w, card.h, seed);
        } else if (shadow) {
          colour = mix(colour, [40, 32, 24], 0.28);
        }
      }
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(Math.min(255, Math.max(0, colour[c] ?? 0)));
    }
  }
  return png(width, height, raw);
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
