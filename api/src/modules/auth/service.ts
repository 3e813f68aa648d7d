import type { LoginBody, LoginResponse, ProfileUpdated, Role, TermsPending } from '@especifica/mf-shared/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { professionals, stores, storeUsers } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { verifyPassword } from '../../security/passwords';
import { type ConsentContext, recordConsents } from '../privacy';
import { sendConfirmation } from './email-confirmation.service';
import { type Account, accountRef, findAccountById, findAccountsByEmail } from './queries';
import { currentTerms, needsTerms } from './terms.queries';

export type LoginDeps = Pick<AccountDeps, 'db' | 'tokens' | 'steps' | 'dummyHash' | 'mailer' | 'config' | 'now'>;

export type LoginOutcome =
  | { kind: 'session'; session: LoginResponse; linked: string[] }
  | { kind: 'terms'; pending: TermsPending }
  | { kind: 'failed' };

/** A participant's other role under the same e-mail: the accounts that one login may open together. */
const otherRole: Record<Role, Role | null> = { professional: 'shopkeeper', shopkeeper: 'professional', admin: null };

/** What an access token says of its account. */
type Signed = Pick<Account, 'id' | 'role' | 'tokenVersion'> & { shopkeeperType?: Account['shopkeeperType'] };

/** An access token of the account; `linked` are the refs of every account the login opened (for /accounts). */
const accessTokenFor = (deps: Pick<LoginDeps, 'tokens'>, account: Signed, linked: readonly string[]) =>
  deps.tokens.sign({
    sub: account.id,
    role: account.role,
    tv: account.tokenVersion,
    ...(account.shopkeeperType ? { shopkeeperType: account.shopkeeperType } : {}),
    ...(linked.length > 1 ? { acc: [...linked] } : {}),
  });

/** The session of an account; `linked` are the refs of every account the login opened (for /accounts). */
export function sessionFor(deps: Pick<LoginDeps, 'tokens'>, account: Account, linked: string[]): LoginResponse {
  return {
    accessToken: accessTokenFor(deps, account, linked),
    user: {
      name: account.name,
      email: account.email,
      profileImage: account.profileImage,
      userType: account.role,
      shopkeeperType: account.shopkeeperType,
    },
    loginAllUsers: linked.length > 1,
  };
}

async function activeStores(deps: LoginDeps) {
  return deps.db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(eq(stores.active, true))
    .orderBy(asc(stores.name))
    .limit(500);
}

/** The refused states of a professional whose password was right: each one tells the person what to do. */
async function refuseProfessional(deps: LoginDeps, account: Account): Promise<never> {
  if (account.status === 'incomplete') {
    throw fail.forbidden('Complete seu cadastro para continuar.', 'user-incomplete', {
      userId: account.id,
      registrationToken: deps.steps.sign({
        sub: account.id,
        role: 'professional',
        purpose: 'finish-register',
        tv: account.tokenVersion,
      }),
      stores: await activeStores(deps),
      user: { name: account.name, email: account.email },
    });
  }
  return refuseUnconfirmed(deps, account);
}

/** An account whose e-mail is not confirmed: a new link goes out, since the first one may be lost or expired. */
async function refuseUnconfirmed(deps: LoginDeps, account: Account): Promise<never> {
  await sendConfirmation(deps, account, account.role === 'shopkeeper' ? 'shopkeeper' : 'professional');
  throw fail.forbidden(
    'Confirme seu e-mail pelo link que enviamos para entrar. Enviamos um novo link agora.',
    'email-not-confirmed',
  );
}

/**
 * Checks the password against every account of the e-mail in the role's family at once (argon2 runs on the thread
 * pool, so two accounts take about the time of one), and always at least one hash, so the time taken does not tell
 * whether the e-mail exists.
 */
export async function login(deps: LoginDeps, role: Role, body: LoginBody): Promise<LoginOutcome> {
  const other = otherRole[role];
  const candidates = [
    ...(await findAccountsByEmail(deps.db, role, body.email)),
    ...(other ? await findAccountsByEmail(deps.db, other, body.email) : []),
  ].filter((account) => !account.disabled);
  const hashes = candidates.length > 0 ? candidates.map((a) => a.passwordHash) : [deps.dummyHash];
  const verified = await Promise.all(
    // A pre-registered account has no password; the dummy keeps its timing like any other.
    hashes.map((hash) => verifyPassword(hash.startsWith('$argon2') ? hash : deps.dummyHash, body.password)),
  );
  const matched = candidates.filter((account, i) => verified[i] && account.passwordHash.startsWith('$argon2'));
  const own = matched.find((account) => account.role === role);
  if (!own) return { kind: 'failed' };
  if (role === 'professional' && !own.canSignIn) await refuseProfessional(deps, own);
  if (role === 'shopkeeper') {
    // A person with accounts at several stores enters the confirmed ones; with none confirmed, each gets a link.
    const ownAccounts = matched.filter((account) => account.role === 'shopkeeper');
    const unconfirmed = ownAccounts.filter((account) => account.awaitingEmail);
    if (unconfirmed.length > 0 && !ownAccounts.some((account) => account.canSignIn)) {
      for (const account of unconfirmed.slice(1)) await sendConfirmation(deps, account, 'shopkeeper');
      await refuseUnconfirmed(deps, unconfirmed[0] as Account);
    }
  }

  const usable = matched.filter((account) => account.canSignIn);
  const primary = usable.find((account) => account.role === role);
  if (!primary) return { kind: 'failed' };
  const linked = usable.map(accountRef);

  const terms = await currentTerms(deps.db);
  if (terms && needsTerms(primary, terms)) {
    const termsToken = deps.steps.sign({
      sub: primary.id,
      role: primary.role,
      purpose: 'accept-terms',
      tv: primary.tokenVersion,
      ...(linked.length > 1 ? { acc: linked } : {}),
    });
    return { kind: 'terms', pending: { termsToken, terms } };
  }
  return { kind: 'session', session: sessionFor(deps, primary, linked), linked };
}

const termsInvalid = () =>
  fail.badRequest('Sua sessão de aceite expirou. Entre novamente para aceitar o regulamento.', 'terms-token-invalid');

/** Records the acceptance on every account that the login opened, then opens the session. */
export async function acceptTerms(
  deps: LoginDeps,
  body: { termsToken: string; version: number },
  consent: ConsentContext,
): Promise<{ session: LoginResponse; linked: string[] }> {
  const claims = deps.steps.verify(body.termsToken, 'accept-terms');
  if (!claims) throw termsInvalid();
  const account = await findAccountById(deps.db, claims.role, claims.sub);
  if (!account?.canSignIn || account.tokenVersion !== claims.tv) throw termsInvalid();
  const terms = await currentTerms(deps.db);
  if (!terms || terms.version !== body.version) {
    throw fail.conflict('O regulamento foi atualizado. Leia a nova versão e aceite novamente.', 'terms-outdated');
  }
  const linked = claims.acc ?? [accountRef(account)];
  const ids = (role: Role) =>
    linked.filter((ref) => ref.startsWith(`${role}:`)).map((ref) => ref.slice(role.length + 1));
  const version = terms.version;
  await deps.db.transaction(async (tx) => {
    const professionalIds = ids('professional');
    const shopkeeperIds = ids('shopkeeper');
    if (professionalIds.length > 0) {
      await tx
        .update(professionals)
        .set({ acceptedTermsVersion: version })
        .where(inArray(professionals.id, professionalIds));
    }
    if (shopkeeperIds.length > 0) {
      await tx.update(storeUsers).set({ acceptedTermsVersion: version }).where(inArray(storeUsers.id, shopkeeperIds));
    }
    const subjects = [
      ...professionalIds.map((id) => ({ kind: 'professional' as const, id })),
      ...shopkeeperIds.map((id) => ({ kind: 'shopkeeper' as const, id })),
    ];
    await recordConsents(tx, subjects, [{ purpose: 'regulation', version, given: true }], consent);
  });
  return { session: sessionFor(deps, { ...account, acceptedTermsVersion: version }, linked), linked };
}

/**
 * The answer to a change of one's own profile: the name, e-mail and picture the header shows, and a new access token
 * when the password changed (the change ends the other sessions), for the accounts the login opened (`linked`).
 */
export function profileUpdated(
  deps: Pick<LoginDeps, 'tokens'>,
  msg: string,
  account: Signed & Pick<Account, 'name' | 'email' | 'profileImage'>,
  passwordChanged: boolean,
  linked: readonly string[] = [],
): ProfileUpdated {
  return {
    msg,
    user: { name: account.name, email: account.email, profileImage: account.profileImage },
    ...(passwordChanged ? { accessToken: accessTokenFor(deps, account, linked) } : {}),
  };
}
