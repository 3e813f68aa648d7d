import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

// The e-mails the journeys' server wrote (no SMTP_URL): one .eml per message in its outbox folder (fixtures.ts).

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

interface Mail {
  to: string;
  text: string;
}

function readOutbox(dir: string): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const to = /^To: (.*)$/im.exec(head)?.[1] ?? '';
    return { to, text: decodeQuotedPrintable(rest.join('\n\n')) };
  });
}

/** Waits for the newest e-mail in `outbox` to `to` whose text matches `pattern`, and returns the first group. */
export async function fromOutbox(outbox: string, to: string, pattern: RegExp, after = 0): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const mail = readOutbox(outbox)
          .slice(after)
          .filter((m) => m.to.includes(to))
          .map((m) => pattern.exec(m.text)?.[1])
          .filter(Boolean)
          .at(-1);
        found = mail ?? '';
        return found;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}

export const outboxSize = (outbox: string) => readOutbox(outbox).length;

export const resetCodePattern = /código de segurança .* é (\d{6})/;
export const confirmLinkPattern = /(http\S+\/email-confirm\?id=[\w%-]+)/;
