import type { ReadCaches } from '../../cache';
import type { Database, Db } from '../../db/client';
import type { BackgroundMailer } from '../../mail/mailer';
import type { Argon2Params } from '../../security/passwords';
import type { FileStorage } from '../../storage';

/** What the programme's routes need from the app. */
export interface ProgrammeDeps {
  db: Db;
  /** The clock of cycles, periods and expiry; tests move it. */
  now: () => Date;
  storage: FileStorage;
  mailer: BackgroundMailer;
  /** The address people open (links in e-mails). */
  publicUrl: string;
  argon2: Argon2Params;
  caches: ReadCaches;
  /** Long reads (exports) through one cursor where the database has connections to spare. */
  cursor: Database['cursor'];
}
