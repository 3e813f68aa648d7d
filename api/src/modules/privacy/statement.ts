import { formatCpf } from '@especifica/mf-shared/contracts';
import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { Db } from '../../db/client';
import {
  experienceSubscriptions,
  experiences,
  ledgerEntries,
  professionals,
  stores,
  storeUsers,
} from '../../db/schema';
import { formatPoints, pointsPhrase } from '../../domain/points';
import { exportStream, sheetOf } from '../../files/export';
import { fail } from '../../kernel/errors';
import { saoPauloDay } from './format';
import type { ConsentSubject } from './queries';

// The statement of benefits (issue 38): every benefit a participant received in a period, points credited and seats
// in experiences, with its date, source and value, as CSV and as a PDF to hand to a client or a professional council.

interface Benefit {
  at: Date;
  source: string;
  description: string;
  /** Points in hundredths (a reversal is negative), or null for a seat. */
  points: number | null;
  value: string;
}

const sources: Record<string, string> = {
  credit: 'Pontos de nota fiscal',
  bonus: 'Bônus de acelerador',
  extra: 'Campanha de pontos extras',
  adjustment: 'Ajuste da administração',
  reversal: 'Estorno',
};
/** The instant a São Paulo day starts (UTC-3, no daylight saving since 2019). */
const startOf = (date: string) => new Date(`${date}T00:00:00-03:00`);
const nextDay = (date: string) => new Date(startOf(date).getTime() + 86_400_000);

async function holderOf(db: Db, subject: ConsentSubject) {
  if (subject.kind === 'professional') {
    const [row] = await db.select().from(professionals).where(eq(professionals.id, subject.id));
    if (!row) throw fail.notFound('Profissional não encontrado.');
    const registration = row.cau ? `CAU ${row.cau}` : row.crea ? `CREA ${row.crea}` : row.abd ? `ABD ${row.abd}` : null;
    return {
      name: row.name,
      lines: [
        row.cpf ? `CPF ${formatCpf(row.cpf)}` : null,
        [row.profession, registration].filter(Boolean).join(', ') || null,
      ].filter((line): line is string => Boolean(line)),
    };
  }
  const [row] = await db
    .select({ name: storeUsers.name, cpf: storeUsers.cpf, store: stores.name })
    .from(storeUsers)
    .innerJoin(stores, eq(stores.id, storeUsers.storeId))
    .where(eq(storeUsers.id, subject.id));
  if (!row) throw fail.notFound('Lojista não encontrado.');
  return {
    name: row.name,
    lines: [row.cpf ? `CPF ${formatCpf(row.cpf)}` : null, row.store].filter(Boolean) as string[],
  };
}

/** The benefits of the period, oldest first. */
async function benefitsOf(db: Db, subject: ConsentSubject, from: string, to: string): Promise<Benefit[]> {
  const start = startOf(from);
  const end = nextDay(to);
  const [entries, seats] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.participantKind, subject.kind),
          eq(ledgerEntries.participantId, subject.id),
          inArray(ledgerEntries.kind, ['credit', 'bonus', 'extra', 'adjustment', 'reversal']),
          gte(ledgerEntries.createdAt, start),
          lt(ledgerEntries.createdAt, end),
        ),
      )
      .orderBy(asc(ledgerEntries.createdAt)),
    db
      .select({ name: experiences.name, happensAt: experiences.happensAt, cost: experienceSubscriptions.cost })
      .from(experienceSubscriptions)
      .innerJoin(experiences, eq(experiences.id, experienceSubscriptions.experienceId))
      .where(
        and(
          eq(experienceSubscriptions.participantKind, subject.kind),
          eq(experienceSubscriptions.participantId, subject.id),
          ne(experienceSubscriptions.status, 'cancelled'),
          gte(experiences.happensAt, start),
          lt(experiences.happensAt, end),
        ),
      ),
  ]);
  const benefits: Benefit[] = [
    // An adjustment that took points away is no benefit; a reversal undoes one, so it is shown against it.
    ...entries
      .filter((entry) => entry.kind !== 'adjustment' || entry.amount > 0)
      .map((entry) => ({
        at: entry.createdAt,
        source: sources[entry.kind] ?? entry.kind,
        description: entry.reason ?? '',
        points: entry.amount,
        value: `${entry.amount > 0 ? '+' : ''}${pointsPhrase(entry.amount)}`,
      })),
    ...seats.map((seat) => ({
      at: seat.happensAt,
      source: 'Vaga em experiência',
      description: seat.name,
      points: null,
      value: seat.cost > 0 ? `1 vaga (${pointsPhrase(seat.cost)})` : '1 vaga',
    })),
  ];
  return benefits.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Lines of text that fit `width` at `size` in `font`, broken between words. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** The PDF: the holder, the period, each benefit in a table that runs over as many A4 pages as it needs. */
async function statementPdf(
  holder: { name: string; lines: string[] },
  from: string,
  to: string,
  benefits: Benefit[],
  now: Date,
): Promise<Uint8Array> {
  // Loaded on the first statement: the library weighs some 7 MB of memory that the API needs only here.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Declaração de benefícios de ${holder.name}`);
  pdf.setAuthor('Especifica');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.16, 0.2);
  const muted = rgb(0.42, 0.45, 0.5);
  const margin = 50;
  const columns = [
    { title: 'Data', x: margin, width: 60 },
    { title: 'Origem', x: margin + 65, width: 120 },
    { title: 'Descrição', x: margin + 190, width: 200 },
    { title: 'Valor', x: margin + 395, width: 100 },
  ];
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const text = (value: string, x: number, size = 10, font = regular, color = ink) => {
    page.drawText(value, { x, y, size, font, color });
  };
  const header = () => {
    for (const column of columns) text(column.title, column.x, 9, bold, muted);
    y -= 16;
  };
  text('Declaração de benefícios', margin, 18, bold);
  y -= 26;
  text(holder.name, margin, 12, bold);
  y -= 16;
  for (const line of holder.lines) {
    text(line, margin, 10, regular, muted);
    y -= 14;
  }
  text(`Período: ${saoPauloDay.format(startOf(from))} a ${saoPauloDay.format(startOf(to))}`, margin);
  y -= 14;
  text(`Emitida em ${saoPauloDay.format(now)} pelo programa Especifica.`, margin, 10, regular, muted);
  y -= 28;
  if (benefits.length === 0) {
    text('Nenhum benefício recebido no período.', margin);
  } else {
    header();
    for (const benefit of benefits) {
      const cells = [
        [saoPauloDay.format(benefit.at)],
        wrap(benefit.source, regular, 9, columns[1]?.width ?? 120),
        wrap(benefit.description, regular, 9, columns[2]?.width ?? 200),
        wrap(benefit.value, regular, 9, columns[3]?.width ?? 100),
      ];
      const height = Math.max(...cells.map((lines) => lines.length)) * 12 + 4;
      if (y - height < 70) {
        page = pdf.addPage([595.28, 841.89]);
        y = 790;
        header();
      }
      cells.forEach((lines, index) => {
        lines.forEach((line, row) => {
          page.drawText(line, { x: columns[index]?.x ?? margin, y: y - row * 12, size: 9, font: regular, color: ink });
        });
      });
      y -= height;
    }
    const total = benefits.reduce((sum, benefit) => sum + (benefit.points ?? 0), 0);
    const seats = benefits.filter((benefit) => benefit.points === null).length;
    y -= 10;
    if (y < 70) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
    text(`Total de pontos recebidos no período: ${formatPoints(total)}`, margin, 10, bold);
    y -= 14;
    text(`Vagas em experiências: ${seats}`, margin, 10, bold);
  }
  return pdf.save();
}

/** Sends the statement of the period as a PDF or a CSV download. */
export async function sendStatement(
  reply: FastifyReply,
  db: Db,
  subject: ConsentSubject,
  query: { from: string; to: string; format: 'pdf' | 'csv' },
  now: Date,
) {
  const [holder, benefits] = await Promise.all([holderOf(db, subject), benefitsOf(db, subject, query.from, query.to)]);
  const name = `declaracao-de-beneficios-${query.from}-a-${query.to}`;
  reply
    .header('content-disposition', `attachment; filename="${name}.${query.format}"`)
    .header('cache-control', 'no-store');
  if (query.format === 'pdf') {
    return reply
      .type('application/pdf')
      .send(Buffer.from(await statementPdf(holder, query.from, query.to, benefits, now)));
  }
  const rows = benefits.map((benefit) => [
    saoPauloDay.format(benefit.at),
    benefit.source,
    benefit.description,
    benefit.value,
  ]);
  return reply
    .type('text/csv; charset=utf-8')
    .send(exportStream(sheetOf('Benefícios', ['Data', 'Origem', 'Descrição', 'Valor'], rows), 'csv'));
}
