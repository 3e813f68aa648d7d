import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { test } from './fixtures';
import { loginAs, logout, PASSWORD, storedToken, typeMasked } from './support';

const regions = { include: ['main', '[role=dialog]', '[role=alertdialog]'] };

interface Person {
  id: string;
  name: string;
  email: string;
  cpf: string | null;
}

async function extractOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.ok(), `login of ${email}`).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const extract = await request.get('/api/professionals/extract/get-all', {
    params: { limit: 100, page: 1, sort: '-createdAt' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(extract.ok()).toBe(true);
  return (await extract.json()) as { items: { kind: string; points: number; sourceId: string; reason: string }[] };
}

/** Ana and Eduardo (demo logins, to read their extracts) and one demo professional with a CPF, to paste. */
async function demoProfessionals(page: Page, request: APIRequestContext): Promise<[Person, Person, Person]> {
  const answer = await request.get('/api/cms/professionals/get-all', {
    params: { limit: 100, page: 1, sort: 'name', behaviour: 'active' },
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  const people = ((await answer.json()) as { items: Person[] }).items;
  const ana = people.find((person) => person.email === 'ana@especifica.dev');
  const eduardo = people.find((person) => person.email === 'eduardo@especifica.dev');
  const pasted = people.find((person) => person.cpf && person !== ana && person !== eduardo);
  if (!ana || !eduardo || !pasted) throw new Error('the demo data has Ana, Eduardo and a professional with a CPF');
  return [ana, eduardo, pasted];
}

test('a campaign created in the CMS and given to two professionals shows in their extracts and the history', async ({
  page,
  request,
}) => {
  // About 15 s alone; the shared machine can take twice that.
  test.setTimeout(60_000);
  const name = `Campanha e2e ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  const [ana, eduardo, pasted] = await demoProfessionals(page, request);

  await page.goto('/cms/professionals/extra-points');
  await expect(page.getByRole('heading', { name: 'Pontos extras de profissionais', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  const form = page.getByRole('dialog', { name: 'Nova campanha' });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('Digite o nome da campanha.')).toBeVisible();
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await form.getByLabel('Nome da campanha').fill(name);
  await form.getByLabel('Pontos').fill('321,5');
  await typeMasked(form.getByLabel('Início (DD/MM/AAAA)'), today.replace(/\D/g, ''));
  await typeMasked(form.getByLabel('Fim (DD/MM/AAAA)'), `3112${new Date().getFullYear() + 1}`);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Criado com sucesso!' })).toBeVisible();

  await expect(form).toBeHidden();
  await page.getByLabel('Buscar').fill(name);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Gerenciar' }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('img', { name: `QR code da campanha ${name}` })).toBeVisible();
  await expect(drawer.getByText('Nenhum profissional tem esta campanha ainda.')).toBeVisible();

  // Two searched and picked, a third pasted as a CPF beside one that names nobody.
  for (const person of [ana, eduardo]) {
    await drawer.getByLabel('Buscar profissionais').fill(person.email);
    await drawer.getByText(new RegExp(person.name)).click();
  }
  await expect(drawer.getByTestId('picked-count')).toHaveText('2 selecionados');
  await drawer.getByRole('button', { name: 'Conceder aos selecionados' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Pontos extras concedidos a 2 profissionais.' }),
  ).toBeVisible();
  await drawer.getByLabel('Ou cole uma lista de CPFs').fill(`${pasted.cpf}\n111.444.777-35`);
  await drawer.getByRole('button', { name: 'Conceder à lista' }).click();
  await expect(drawer.getByTestId('unknown-documents')).toContainText('111.444.777-35');
  const members = drawer.getByTestId('campaign-members');
  for (const person of [ana, eduardo, pasted]) await expect(members).toContainText(person.name);
  // The page with its drawer open: the list behind it and the drawer.
  await expectAccessible(page, '/cms/professionals/extra-points', regions);

  for (const person of [ana, eduardo]) {
    const extract = await extractOf(request, person.email);
    const entry = extract.items.find((item) => item.kind === 'extra' && item.reason.includes(name));
    expect(entry?.points, person.name).toBe(321.5);
  }

  await page.goto('/cms/professionals/extra-points-history');
  await page.getByLabel('Buscar').fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(3);
  await expectAccessible(page, '/cms/professionals/extra-points-history', regions);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^pontos-extras-.*\.csv$/);
});

// A 1x1 PNG: the server checks the file's content, not its name.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an experience created with an image in the CMS appears, with its image, in the participant catalogue', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `Experiência e2e ${Date.now().toString(36)}`;
  await loginAs(page, 'admin');
  await page.goto('/cms/professionals/experiences');
  await expect(page.getByRole('heading', { name: 'Experiências de profissionais', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  const form = page.getByRole('dialog', { name: 'Nova experiência' });
  await form.getByLabel('Imagem').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PIXEL });
  await form.getByLabel('Nome da experiência').fill(name);
  await form.getByRole('combobox', { name: 'Categoria' }).click();
  await page.getByRole('option').first().click();
  await form.getByLabel('Local').fill('Showroom Demo');
  await typeMasked(form.getByLabel('Data (DD/MM/AAAA)'), `1012${new Date().getFullYear() + 1}`);
  await form.getByLabel('Hora (HH:MM)').fill('19:30');
  await form.getByLabel('Vagas').fill('30');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Experiência cadastrada com sucesso!' })).toBeVisible();

  await expect(form).toBeHidden();
  await page.getByLabel('Buscar').fill(name);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Inscritos' }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.getByRole('img', { name: `QR code de presença de ${name}` })).toBeVisible();
  await expect(drawer.getByText('Ninguém se inscreveu ainda.')).toBeVisible();
  // The page with its drawer open: the list behind it and the drawer.
  await expectAccessible(page, '/cms/professionals/experiences', regions);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The edit form shows the image and replaces it.
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar experiência' });
  await expect(edit.getByRole('img', { name: `Imagem atual de ${name}` })).toBeVisible();
  await edit.getByLabel('Nova imagem').setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: PIXEL });
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Experiência atualizada com sucesso!' })).toBeVisible();
  await expect(edit).toBeHidden();

  await logout(page);
  await loginAs(page, 'professional');
  await page.goto('/experiences');
  const card = page.getByTestId('experience-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', /\/api\/experiences\/.+\/image\?v=\d+$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectAccessible(page, '/experiences', { include: ['main'] });
});
