import { and, eq } from 'drizzle-orm';
import { auditRecords, notifications, stores, storeUsers } from '../../src/db/schema';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { loginRoutes, type TestApp, tokenFor } from './app';
import { newCpf } from './forms';
import { confirmEmail } from './outbox';

/** What a shopkeeper's self sign-up sends (a fresh e-mail and CPF each time), with any field replaced. */
export const shopkeeperSignUpForm = (storeId: string, overrides: object = {}) => ({
  storeId,
  name: 'Lojista Novo',
  email: `lojista.${Math.random().toString(36).slice(2)}@especifica.dev`,
  cellphone: '11912345678',
  cpf: newCpf(),
  password: 'senha da loja nova',
  acceptTerms: true,
  ...overrides,
});

/**
 * A shopkeeper signs up alone to a store and confirms the e-mail, as every self sign-up must before its first login;
 * answers their id, e-mail, password and session. They wait for approval (see shopkeeper-approval.test.ts).
 */
export async function shopkeeperSignsUp(t: TestApp, storeId: string, name = 'Lojista Pendente') {
  const form = shopkeeperSignUpForm(storeId, { name });
  const response = await t.app.inject({ method: 'POST', url: '/api/shopkeeper/create', payload: form });
  if (response.statusCode !== 201) throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  const id = (await storeUserRow(t, { email: form.email })).id;
  await confirmEmail(t.app, form.email);
  const { email, password } = form;
  return { id, email, password, token: await tokenFor(t.app, 'shopkeeper', email, password) };
}

/** The shopkeeper's row as stored, found by id or e-mail. */
export async function storeUserRow(t: TestApp, by: { id: string } | { email: string }) {
  const [row] = await t.database.db
    .select()
    .from(storeUsers)
    .where('id' in by ? eq(storeUsers.id, by.id) : eq(storeUsers.email, by.email));
  if (!row) throw new Error('no such shopkeeper');
  return row;
}

/** The audit record of the decision on a sign-up (approved or refused, both are audited as `approve`). */
export async function decisionAudit(t: TestApp, storeUserId: string) {
  const [record] = await t.database.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entityId, storeUserId), eq(auditRecords.action, 'approve')));
  return record;
}

/** The in-app notice the shopkeeper got of the decision. */
export async function decisionNotice(t: TestApp, storeUserId: string) {
  const [notice] = await t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientKind, 'shopkeeper'), eq(notifications.recipientId, storeUserId)));
  return notice;
}

/** What a shopkeeper's login with these credentials answers (200 with a session, or the refusal). */
export const shopkeeperLogin = (t: TestApp, credentials: { email: string; password: string }) =>
  t.app.inject({ method: 'POST', url: loginRoutes.shopkeeper, payload: credentials });

/**
 * Another store beside the demo's, with one approved person of `type` who has accepted the regulation and signs in
 * with the demo password: its id and that person's token.
 */
export async function otherStoreWith(
  t: TestApp,
  store: { cnpjBase: string; name: string },
  person: { name: string; email: string; type: 'seller' | 'manager' },
): Promise<{ storeId: string; token: string }> {
  const db = t.database.db;
  const [created] = await db
    .insert(stores)
    .values({ cnpj: withCnpjCheckDigits(store.cnpjBase), name: store.name })
    .returning();
  const [demo] = await db.select().from(storeUsers).where(eq(storeUsers.email, 'monica@especifica.dev'));
  if (!created || !demo) throw new Error('no store or demo shopkeeper');
  await db.insert(storeUsers).values({
    storeId: created.id,
    name: person.name,
    email: person.email,
    passwordHash: demo.passwordHash,
    shopkeeperType: person.type,
    acceptedTermsVersion: 2,
  });
  return { storeId: created.id, token: await tokenFor(t.app, 'shopkeeper', person.email) };
}
