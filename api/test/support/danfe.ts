import { PDFDocument, StandardFonts } from 'pdf-lib';

// A DANFE as a store's system prints it, made in the test: a text layer with the access key in 11 groups of four
// (as the layout prints it) among the document's other numbers. `text: null` makes a scanned one: a page with a
// drawing and no text at all.

export async function danfePdf(options: { key?: string; text?: string[] | null } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  if (options.text === null) {
    page.drawRectangle({ x: 40, y: 600, width: 500, height: 200, borderWidth: 2 });
    return Buffer.from(await doc.save());
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const groups = options.key?.match(/.{1,4}/g)?.join(' ');
  const lines = options.text ?? [
    'DANFE - Documento Auxiliar da Nota Fiscal Eletrônica',
    'CASA & ACABAMENTO DEMO LTDA',
    'NF-e Nº 000.004.321  Série 001  Folha 1/1',
    ...(groups ? ['CHAVE DE ACESSO', groups] : []),
    'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal',
    'PROTOCOLO DE AUTORIZAÇÃO DE USO 135260000012345 12/11/2026 10:15:00',
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 40, y: 800 - index * 18, size: 10, font });
  });
  return Buffer.from(await doc.save());
}
