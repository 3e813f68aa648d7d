import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

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

/** A mailer whose sends run after the answer: a reply must not take longer when an e-mail goes out. */
export interface BackgroundMailer {
  readonly outbox: string | null;
  /** Queues the message; a failure is logged, never thrown at the caller. */
  enqueue(message: MailMessage): void;
  /** Resolves when every queued message has been handed over (tests and shutdown wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function inBackground(mailer: Mailer, onError: (error: unknown) => void): BackgroundMailer {
  const pending = new Set<Promise<void>>();
  let queued = 0;
  const idle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    outbox: mailer.outbox,
    enqueue(message) {
      queued += 1;
      const sending = mailer
        .send(message, { at: new Date(), order: queued })
        .catch(onError)
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    idle,
    async close() {
      await idle();
      mailer.close();
    },
  };
}

/** SMTP when a URL is given; otherwise one .eml file per message in the outbox folder, for a person to open. */
export function createMailer(options: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = createTransport(options.smtpUrl);
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
