import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page } from '@playwright/test';
import { cpf as cpfs } from 'cpf-cnpj-validator';
import { unzipSync } from 'fflate';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { fromOutbox } from './outbox';
import { apiSession, enterWith, PASSWORD, type Session, submitLogin } from './support';

// The LGPD for a participant (issue 38, docs/privacy.md): what the programme holds, the copy of one's data, the
// deletion of one's account answered by an admin, and a registered customer's objection through the e-mail's link.

// A copy and an anonymisation are jobs: on a shared machine they may take several seconds.
const expect = baseExpect.configure({ timeout: 20_000 });
const landing = { timeout: 30_000 };

async function visit(page: Page, session: Session, path: string) {
  await enterWith(page, session);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(landing);
}

/** A session of any account through the API, accepting the regulation when the login asks for it. */
async function sessionOf(url: string, email: string, password = PASSWORD): Promise<Session> {
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  let answer = await post('/api/auth/login', { email, password });
  if (answer.termsToken) {
    answer = await post('/api/auth/accept-terms', {
      termsToken: answer.termsToken,
      version: answer.terms.version,
      accept: true,
    });
  }
  if (!answer.accessToken) throw new Error(`no session for ${email}: ${JSON.stringify(answer)}`);
  const stored = JSON.stringify({ user: { ...answer.user, accessToken: answer.accessToken }, score: null });
  return { who: 'professional', token: answer.accessToken, stored, home: '/dashboard' };
}

test.describe('privacy and data', () => {
  test.setTimeout(150_000);
  test.describe.configure({ mode: 'parallel' });

  test('a professional sees what the programme holds, and downloads the copy of her data with her invoices in it', async ({
    page,
    server,
  }) => {
    const ana = await apiSession(server, 'professional');
    await visit(page, ana, '/privacy');
    await expect(page.getByRole('heading', { name: 'O que guardamos sobre você' })).toBeVisible();
    await expect(page.getByTestId('privacy-item').filter({ hasText: 'Notas fiscais e arquivos' })).toContainText(
      'Execução do contrato',
    );
    await expect(page.getByTestId('privacy-acceptance').first()).toContainText('Regulamento do programa');
    await expectAccessible(page, '/privacy');

    await page.getByRole('button', { name: /Pedir uma (nova )?cópia/ }).click();
    const ready = page.getByTestId('copy-ready');
    await expect(ready).toBeVisible({ timeout: 60_000 });
    const download = page.waitForEvent('download');
    await ready.getByRole('button', { name: 'Baixar a cópia' }).click();
    const file = await (await download).path();
    const zip = unzipSync(new Uint8Array(readFileSync(file)));
    const invoices = Buffer.from(zip['notas-fiscais.json'] ?? new Uint8Array()).toString('utf8');
    const listed = await fetch(`${server.url}/api/professionals/invoices/get-all?limit=5`, {
      headers: { authorization: `Bearer ${ana.token}` },
    }).then((response) => response.json() as Promise<{ items: { id: string; number: string }[] }>);
    expect(listed.items.length).toBeGreaterThan(0);
    for (const invoice of listed.items) expect(invoices).toContain(invoice.id);
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['perfil.json', 'extrato.csv', 'consentimentos.csv']));
  });

  test('a professional asks to delete her account, the admin completes it, and she can no longer log in', async ({
    page,
    browser,
    server,
  }) => {
    // A professional of this journey's own: the demo people are read by every other journey.
    const admin = await apiSession(server, 'admin');
    const email = `exclusao.${Date.now()}@especifica.dev`;
    const created = await fetch(`${server.url}/api/cms/professionals/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ name: 'Helena Exclusão', email, password: PASSWORD }),
    });
    expect(created.ok).toBe(true);
    const helena = await sessionOf(server.url, email);
    await visit(page, helena, '/privacy');
    const card = page.getByRole('region', { name: 'Excluir minha conta' });
    await card.getByLabel('Sua senha').fill('não é a senha');
    await card.getByRole('button', { name: 'Pedir a exclusão da minha conta' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Pedir a exclusão da minha conta' }).click();
    await expect(card).toContainText('Senha incorreta. Digite a senha com que você entra no programa.');
    await card.getByLabel('Sua senha').fill(PASSWORD);
    await card.getByRole('button', { name: 'Pedir a exclusão da minha conta' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Pedir a exclusão da minha conta' }).click();
    await expect(page.getByTestId('deletion-request')).toContainText(/Pedido recebido em .*: responderemos até/);

    // The admin in a browser context of its own (axe needs one made by newContext).
    const admins = await browser.newContext({ baseURL: server.url });
    const cms = await admins.newPage();
    await visit(cms, admin, '/cms/programme/data-requests');
    const row = cms.getByRole('row').filter({ hasText: 'Helena Exclusão' });
    await expect(row).toContainText('Recebido');
    await expectAccessible(cms, '/cms/programme/data-requests');
    await row.getByRole('button', { name: 'Concluir o pedido de Helena Exclusão' }).click();
    await cms.getByRole('alertdialog').getByRole('button', { name: 'Concluir' }).click();
    // The anonymisation is a job: the list shows the request done, under the name that replaced hers.
    await expect
      .poll(
        async () => {
          await cms.reload();
          return cms.getByRole('row').filter({ hasText: email }).count();
        },
        { timeout: 60_000 },
      )
      .toBe(0);
    await admins.close();

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await submitLogin(page, email);
    await expect(page.getByTestId('toast').filter({ hasText: 'Login ou senha inválidos' })).toBeVisible();
  });

  test('a customer registered with an e-mail is told, objects through the link, and the professional sees it', async ({
    page,
    server,
  }) => {
    const ana = await apiSession(server, 'professional');
    const email = `cliente.${Date.now()}@example.com`;
    const cpf = cpfs.generate();
    const registered = await fetch(`${server.url}/api/professionals/customers/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ data: { name: 'Rita Cliente Nova', cpf, email } }),
    });
    expect(registered.status).toBe(200);
    const link = await fromOutbox(server.outbox, email, /(http\S+\/customer-objection\?token=[\w%-]+)/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(/Ana Arquiteta cadastrou você como cliente no Especifica/)).toBeVisible(landing);
    await expectAccessible(page, '/customer-objection');
    await page.getByLabel('Motivo (opcional)').fill('Não conheço esta profissional.');
    await page.getByRole('button', { name: 'Não quero participar' }).click();
    await expect(page.getByTestId('objection-done')).toContainText(
      'Nenhuma compra será atribuída a esse profissional.',
    );

    await visit(page, ana, `/customers?search=${cpf}`);
    await expect(page.getByRole('row').filter({ hasText: 'Rita Cliente Nova' })).toContainText(
      /Opôs-se ao cadastro em \d{2}\/\d{2}\/\d{4}/,
    );
  });
});
