import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Db } from '../db/client';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Where unsent messages go (null when SMTP delivers them). */
  readonly outbox: string | null;
  /** `queued` orders the outbox's files: when the message was queued, and its place in the queue. */
  send(message: MailMessage, queued?: { at: Date; order: number }): Promise<void>;
  close(): void;
}

/**
 * How the programme sends e-mail: a message is written to the outbox table in the transaction of the change that
 * causes it, and the `email.send` job sends it after the commit, with retries (api/src/jobs/email.ts).
 */
export interface MailQueue {
  /** The folder of .eml files when there is no SMTP server (null when SMTP delivers them). */
  readonly outbox: string | null;
  /** Writes `message` in `tx`: it goes out if, and only if, the transaction commits. */
  enqueue(tx: Db, message: MailMessage): Promise<void>;
  /** Resolves when no message waits to be sent (tests wait on it before reading the outbox). */
  idle(): Promise<void>;
}

/** SMTP when a URL is given; otherwise one .eml file per message in the outbox folder, for a person to open. */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    // A server that hangs fails the send well within the job's two minutes (jobs/email.ts): past them the job is
    // tried again, and a send still hanging then could deliver the message twice.
    // Pooled: the outbox's worker sends several messages at once (jobs/email.ts), each over one of a few open
    // connections rather than a new conversation per message.
    const transport = createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    return {
      outbox: null,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outbox,
    async send(message, queued) {
      const info = await composer.sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      // Sortable by the time the message was queued, then by its place in the queue (messages are composed in
      // parallel, so one queued later may be ready first); written under a temporary name first so a reader never
      // sees half a message.
      const stamp = (queued?.at ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const order = String(queued?.order ?? 0).padStart(9, '0');
      const name = `${stamp}-${order}-${randomBytes(4).toString('hex')}.eml`;
      const partial = path.join(outbox, `.${name}.partial`);
      await writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await rename(partial, path.join(outbox, name));
    },
    close: () => undefined,
  };
}
