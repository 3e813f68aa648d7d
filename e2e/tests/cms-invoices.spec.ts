import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { adminSession, demo, extractOf, firstStoreAndSku, loginAs, PASSWORD } from './support';

interface QueueInvoice {
  id: string;
  number: string;
  points: number;
  professional: { name: string };
  awaitingDisclosure?: boolean;
}

async function anasExtract(request: APIRequestContext) {
  return extractOf(request, demo.professional.email);
}

async function openFromQueue(page: Page, invoice: QueueInvoice) {
  await page.getByLabel('Buscar').fill(invoice.number);
  const row = page.getByRole('row').filter({ hasText: invoice.professional.name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Abrir' }).click();
  return page.getByRole('dialog', { name: new RegExp(`Nota fiscal ${invoice.number}/`) });
}

test('the admin works the invoice queue: approves one into the extract, rejects one with a reason', async ({
  page,
  request,
}) => {
  // Two drawers, two decisions and the extract: 23-36 s here under a loaded host, as the other long CMS journeys.
  test.setTimeout(60_000);
  const { headers } = await adminSession(page);
  const queue = await request.get('/api/cms/professionals/invoices/get-all', {
    params: { status: 'pending', sort: 'createdAt', limit: 100, page: 1 },
    headers,
  });
  const pending = ((await queue.json()) as { items: QueueInvoice[] }).items;
  const anas = pending.find((invoice) => invoice.professional.name === demo.professional.name);
  const other = pending.find((invoice) => invoice.professional.name !== demo.professional.name);
  if (!anas || !other) throw new Error('the demo data has no pending invoice of Ana and of someone else');
  const before = await anasExtract(request);

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  await page.getByLabel('Situação').selectOption('pending');
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]', '[role=alertdialog]'] });

  // Ana is an architect: under the demo's rules her invoice for a customer the programme never told waits for her
  // declaration, and the drawer says so instead of letting it be approved.
  expect(anas.awaitingDisclosure).toBe(true);
  const waiting = await openFromQueue(page, anas);
  await expect(waiting.getByTestId('awaiting-disclosure')).toContainText('Aguarda a declaração do profissional');
  await expect(waiting.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
  await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]', '[role=alertdialog]'] });
  await page.keyboard.press('Escape');
  await expect(waiting).toBeHidden();
  const login = await request.post('/api/auth/login', { data: { email: demo.professional.email, password: PASSWORD } });
  const declared = await request.post(`/api/professionals/invoices/${anas.id}/declare-disclosure`, {
    headers: { Authorization: `Bearer ${(await login.json()).accessToken}` },
  });
  expect(declared.ok()).toBe(true);
  await page.reload();

  const approving = await openFromQueue(page, anas);
  await expect(approving.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  await expect(approving.getByTestId('awaiting-disclosure')).toHaveCount(0);
  await approving.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal aprovada com sucesso!' })).toBeVisible();
  // Filtered on pending, the approved invoice leaves the queue.
  await expect(page.getByRole('row').filter({ hasText: anas.professional.name })).toHaveCount(0);

  const rejecting = await openFromQueue(page, other);
  await rejecting.getByRole('button', { name: 'Reprovar' }).click();
  await rejecting.getByRole('button', { name: 'Reprovar nota' }).click();
  await expect(rejecting.getByText('Informe o motivo da recusa.')).toBeVisible();
  await rejecting.getByLabel('Motivo da recusa').fill('Nota ilegível');
  await rejecting.getByRole('button', { name: 'Reprovar nota' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Nota fiscal recusada.' })).toBeVisible();

  const after = await anasExtract(request);
  const credit = after.items.find((movement) => movement.sourceId === anas.id && movement.kind === 'credit');
  // A pending invoice has no points yet: the approval computes them and credits them (with any bonus) at once.
  expect(credit?.points).toBeGreaterThan(0);
  const fromInvoice = after.items
    .filter((movement) => movement.sourceId === anas.id)
    .reduce((sum, movement) => sum + movement.points, 0);
  expect(after.balance - before.balance).toBeCloseTo(fromInvoice, 2);
});

const people = [demo.professional.email, 'eduardo@especifica.dev'];

// Two steps of one journey, each within the journey timeout on a busy machine: the second finds what the first made.
test.describe
  .serial('the admin approves two invoices at once', () => {
    const created: { id: string; number: string }[] = [];
    let prefix = '';

    test('each reaches its professional’s extract', async ({ page, request }) => {
      const { token, headers } = await adminSession(page);
      const { storeId, sku } = await firstStoreAndSku(request, token);
      // Numbers of this run only: the search finds these two and nothing else.
      prefix = `8${String(Date.now()).slice(-8)}`;
      for (const [index, email] of people.entries()) {
        const answer = await request.post('/api/cms/professionals/invoices/create', {
          headers,
          multipart: {
            storeId,
            number: `${prefix}${index}`,
            series: '1',
            // A few days back: never a future day in Brasília's time.
            issuedOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
            professionalEmail: email,
            lines: JSON.stringify([{ sku, description: 'Produto participante', quantity: 1, total: 100 }]),
          },
        });
        expect(answer.ok()).toBe(true);
        created.push(((await answer.json()) as { item: { id: string; number: string } }).item);
      }

      await page.goto(`/invoices?status=pending&search=${prefix}`);
      await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
      const selectPage = page.getByRole('checkbox', { name: 'Selecionar as notas pendentes desta página' });
      await selectPage.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText('2 notas selecionadas')).toBeVisible();
      await expectAccessible(page, '/invoices', { include: ['main'] });
      await page.getByRole('button', { name: 'Aprovar selecionadas' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: '2 notas fiscais aprovadas.' })).toBeVisible();
      // Filtered on pending, both leave the queue.
      await expect(page.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();

      for (const [index, email] of people.entries()) {
        const extract = await extractOf(request, email);
        const credit = extract.items.find((movement) => movement.sourceId === created[index]?.id);
        expect(credit?.kind).toBe('credit');
        expect(credit?.points).toBeGreaterThan(0);
      }
    });

    test('one is found by its professional and the day sent, and shows who approved it', async ({ page }) => {
      test.setTimeout(60_000);
      expect(created).toHaveLength(2);
      await loginAs(page, 'admin');
      // Eduardo's, found by the professional picked by e-mail and the day both were sent (today, in Brasília).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      await page.goto(`/invoices?search=${prefix}`);
      await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(2);
      const picker = page.getByRole('combobox', { name: 'Profissional' });
      await picker.fill('eduardo@especifica');
      await page.getByRole('option').filter({ hasText: 'eduardo@especifica.dev' }).click();
      await expect(page).toHaveURL(/professionalId=/);
      await page.getByLabel('Enviada de').fill(today);
      await page.getByLabel('Enviada até').fill(today);
      await expect(page).toHaveURL(
        new RegExp(`submittedFrom=${today}.*submittedTo=${today}|submittedTo=${today}.*submittedFrom=${today}`),
      );
      await expect(page.getByRole('row').filter({ hasText: prefix })).toHaveCount(1);
      // The filters are the URL's: they survive a reload, the professional shown by name.
      await page.reload();
      await expect(picker).toHaveValue(/eduardo@especifica\.dev/);
      await expect(page.getByLabel('Enviada de')).toHaveValue(today);
      await expectAccessible(page, '/invoices filtered by professional', { include: ['main'] });
      await page
        .getByRole('row')
        .filter({ hasText: created[1]?.number ?? '' })
        .getByRole('button', { name: 'Abrir' })
        .click();
      const drawer = page.getByRole('dialog', { name: new RegExp(`Nota fiscal ${created[1]?.number}/`) });
      // Approved: each line shows the points it was credited, kept whatever the rules say later.
      await expect(drawer.getByText('Pontos creditados').first()).toBeVisible();
      const approvedEvent = drawer
        .getByTestId('invoice-timeline')
        .getByRole('listitem')
        .filter({ hasText: 'Aprovada' });
      await expect(approvedEvent).toContainText(`Por ${demo.admin.name}`);
      await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]'] });
    });
  });

test('the queue opens on the pending invoices, the oldest first, each with its age, signature and risk flags', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { token, headers } = await adminSession(page);
  // A typed invoice above the programme's limit for the risk flags (R$ 50.000,00), of a professional with no login.
  const { storeId, sku } = await firstStoreAndSku(request, token);
  const number = `7${String(Date.now()).slice(-8)}`;
  const flagged = await request.post('/api/cms/professionals/invoices/create', {
    headers,
    multipart: {
      storeId,
      number,
      series: '1',
      issuedOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      professionalEmail: 'beatriz.carvalho@exemplo.com.br',
      lines: JSON.stringify([{ sku, description: 'Produto participante', quantity: 1, total: 60_000 }]),
    },
  });
  expect(flagged.ok()).toBe(true);
  const pending = (
    (await (
      await request.get('/api/cms/professionals/invoices/get-all', {
        params: { status: 'pending', sort: 'createdAt', limit: 100, page: 1 },
        headers,
      })
    ).json()) as { items: QueueInvoice[] }
  ).items;
  const oldest = pending[0];
  if (!oldest) throw new Error('the demo data has no pending invoice');

  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
  // No filter: the first row is the oldest pending invoice, its age counted in days since it was sent.
  const first = page.getByRole('row').nth(1);
  await expect(first).toContainText(oldest.number);
  await expect(first).toContainText('Pendente');
  await expect(first).toContainText(/Há \d+ dias?/);
  await expect(first).toContainText(/Assinatura válida|Sem assinatura/);
  await expectAccessible(page, '/invoices', { include: ['main'] });

  // The filter by flag finds the invoice above the limit, with its badge; "Sem assinatura": it came with no file.
  await page.getByLabel('Sinal de risco').selectOption('above-limit');
  await expect(page).toHaveURL(/flag=above-limit/);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Valor acima do limite');
  await expect(row).toContainText('Sem assinatura');
  await expect(row).toContainText('Hoje');
  const drawer = await openFromQueue(page, { id: '', number, points: 0, professional: { name: 'Beatriz Carvalho' } });
  await expect(drawer.getByText('Valor acima do limite')).toBeVisible();
  await expectAccessible(page, '/invoices', { include: ['main', '[role=dialog]'] });
});

test('an automatic approval shows, in the drawer of the conferência, each rule it checked and "Sistema"', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/invoices');
  await page.getByRole('link', { name: 'Conferência' }).click();
  await expect(page).toHaveURL(/\/invoices\/conference$/);
  await expect(page.getByRole('heading', { name: 'Conferência', level: 1 })).toBeVisible();
  // The demo's automatic approval, sampled into the conferência when the demo was made.
  const row = page.getByRole('row').filter({ hasText: 'A conferir' }).first();
  await expect(row.getByRole('button', { name: /Confirmar a aprovação automática/ })).toBeVisible();
  await expectAccessible(page, '/invoices/conference', { include: ['main'] });
  await row.getByRole('button', { name: 'Abrir' }).click();
  const drawer = page.getByRole('dialog', { name: /Nota fiscal/ });
  const review = drawer.getByTestId('automatic-review');
  await expect(review).toContainText('Aprovada automaticamente pelo Sistema');
  await expect(review.getByRole('listitem')).toHaveCount(8);
  await expect(review.getByRole('listitem').filter({ hasText: 'Cumprida' })).toHaveCount(8);
  await expect(review).toContainText('Assinatura digital da loja válida');
  await expect(drawer.getByText('Assinatura válida')).toBeVisible();
  const approvedEvent = drawer.getByTestId('invoice-timeline').getByRole('listitem').filter({ hasText: 'Aprovada' });
  await expect(approvedEvent).toContainText('Por Sistema');
  await expectAccessible(page, '/invoices/conference', { include: ['main', '[role=dialog]'] });
});

test('a pending invoice held by the automatic review names the rule it failed in the drawer', async ({
  page,
  request,
}) => {
  const { headers } = await adminSession(page);
  const answer = await request.get('/api/cms/professionals/invoices/get-all', {
    params: { status: 'pending', sort: 'queue', limit: 100, page: 1 },
    headers,
  });
  type Held = QueueInvoice & { automaticReview: { outcome: string; label: string | null } | null };
  const held = ((await answer.json()) as { items: Held[] }).items.find(
    (invoice) => invoice.automaticReview?.outcome === 'held',
  );
  // The demo's pending invoices were each held by the review at seed time (Ana's PDF, Eduardo's and Marina's buyer).
  if (!held?.automaticReview?.label) throw new Error('the demo data has no pending invoice held by the review');
  const rule = held.automaticReview.label;
  await page.goto('/invoices?status=pending');
  const drawer = await openFromQueue(page, held);
  const review = drawer.getByTestId('automatic-review');
  await expect(review).toContainText(`ficou para a análise da equipe pela regra: ${rule}`);
  await expect(review.getByRole('listitem').filter({ hasText: 'Não cumprida' }).first()).toContainText(rule);
});
