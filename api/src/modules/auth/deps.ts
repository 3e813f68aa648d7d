import type { ReadCaches } from '../../cache';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BackgroundMailer } from '../../mail/mailer';
import type { Argon2Params } from '../../security/passwords';
import type { RateLimiter } from '../../security/rate-limits';
import type { PurposeTokens, Tokens } from '../../security/tokens';
import type { FileStorage } from '../../storage';

/** What the account routes (auth, sign-up, profiles) need from the app. */
export interface AccountDeps {
  db: Db;
  tokens: Tokens;
  steps: PurposeTokens;
  argon2: Argon2Params;
  /** A hash of a random password with the live argon2 parameters: verified when the e-mail is unknown. */
  dummyHash: string;
  mailer: BackgroundMailer;
  storage: FileStorage;
  limiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'cepLookupUrl'>;
  now: () => Date;
  caches: ReadCaches;
}
