import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { apiSession, enterWith, type Session } from './support';

// A professional whose password no other journey recovers, so that this one's request counts against no one's limit.
const EDUARDO = 'eduardo@especifica.dev';

// Programa > E-mails on a server whose worker writes each e-mail to the .eml outbox (no SMTP_URL), which marks it sent:
// a real e-mail of the programme (a password recovery) is found there by its state. Sending a failed one again is the
// page's unit test and the API's suite (a mail server that is down).

const content = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

async function openEmails(page: Page, session: Session) {
  await enterWith(page, session);
  await page.goto('/cms/dashboard');
  await page.getByRole('combobox', { name: 'Programa' }).click();
  await page.getByRole('option', { name: 'E-mails' }).click();
  await expect(page).toHaveURL(/\/cms\/programme\/emails$/);
  await expect(page.getByRole('heading', { name: 'E-mails', level: 1 })).toBeVisible();
}

test('the admin finds a password recovery e-mail among the sent ones, at 1440 and 390 px', async ({ page, server }) => {
  const asked = await fetch(`${server.url}/api/auth/recover`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EDUARDO }),
  });
  expect(asked.status).toBe(200);
  const session = await apiSession(server, 'admin');
  // The worker sends it moments after the answer.
  await expect
    .poll(async () => {
      const answer = await fetch(`${server.url}/api/cms/emails/get-all?state=sent&page=1&limit=20`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      const { items } = (await answer.json()) as { items: { to: string; subject: string }[] };
      return items.some((email) => email.to === EDUARDO && /redefinir a senha/.test(email.subject));
    })
    .toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openEmails(page, session);
  await page.getByLabel('Situação').selectOption({ label: 'Enviado' });
  await expect(page).toHaveURL(/[?&]state=sent/);
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: EDUARDO });
  const row = rows.filter({ hasText: 'Seu código para redefinir a senha' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Reenviar/ })).toHaveCount(0);
  // The filter is the API's: nothing but sent e-mails.
  const states = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: /Na fila|Falhou/ });
  await expect(states).toHaveCount(0);
  await expectAccessible(page, '/cms/programme/emails?state=sent', content);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByText(EDUARDO).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Folded on a phone, the filters' button is named by what it shows, its count included (axe's
  // label-content-name-mismatch, serious, fails a name that does not contain its visible text).
  await expect(page.getByRole('button', { name: /^Filtros\s*1\s*em uso$/ })).toBeVisible();
  await expectAccessible(page, '/cms/programme/emails?state=sent at 390 px', content);
});
