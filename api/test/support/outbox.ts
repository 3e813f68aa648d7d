import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The text part, decoded. */
  text: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

export function parseEml(file: string, raw: string): OutboxMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) =>
    decodeHeader(new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '');
  const body = rest.join('\n\n');
  // Parts end at a line of "--" and their MIME boundary, not at any line starting with "--": quoted-printable may
  // break a line just before a token's own dashes.
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] ?? '');
  const parts = boundaries.length
    ? body.split(
        new RegExp(`\\r?\\n?--(?:${boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`),
      )
    : [body];
  const plain = parts.find((part) => /^\s*Content-Type: text\/plain/i.test(part));
  const textPart = plain ? plain.replace(/^\s*[\s\S]*?\r?\n\r?\n/, '') : body;
  return { file, to: header('To'), subject: header('Subject'), text: decodeQuotedPrintable(textPart) };
}

/** Every message the app wrote to its outbox, oldest first, after the queued ones went out. */
export async function outbox(app: App): Promise<OutboxMail[]> {
  await app.mailer.idle();
  const dir = app.mailer.outbox;
  if (!dir) throw new Error('this app sends through SMTP');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parseEml(f, readFileSync(path.join(dir, f), 'utf8')));
}

/** The newest message sent to `to`; fails the test when there is none. */
export async function lastMailTo(app: App, to: string): Promise<OutboxMail> {
  const mail = (await outbox(app)).filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${to}`);
  return mail;
}

export const resetCodeIn = (mail: OutboxMail) => {
  const code = /código de segurança .* é (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
};

/** The token of the newest confirmation link e-mailed to `to`. */
export async function confirmationTokenFor(app: App, to: string): Promise<string> {
  const mail = await lastMailTo(app, to);
  const token = /\/email-confirm\?id=(\S+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in the last e-mail to ${to}`);
  return decodeURIComponent(token);
}

/** Opens the newest confirmation link e-mailed to `to`, as its owner would. */
export async function confirmEmail(app: App, to: string): Promise<void> {
  const id = await confirmationTokenFor(app, to);
  const response = await app.inject({ method: 'POST', url: '/api/professionals/validate-email', payload: { id } });
  if (response.statusCode !== 200) throw new Error(`confirming ${to} answered ${response.statusCode}`);
}
