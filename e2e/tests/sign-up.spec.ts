import { expect, type Page } from '@playwright/test';
import { cpf } from 'cpf-cnpj-validator';
import { test } from './fixtures';
import { confirmLinkPattern, fromOutbox, outboxSize } from './outbox';
import { submitLogin, typeMasked } from './support';

const PASSWORD = 'senha do novo cadastro';
// The demo store's CNPJ (seed: base 123456780001 and its check digits).
const DEMO_STORE_CNPJ = '12.345.678/0001-95';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Continuar' }).click();

async function signUpProfessional(page: Page, outbox: string, profession: string, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Ainda não tem conta? Cadastre-se' }).click();
  await page.getByRole('link', { name: 'Sou profissional' }).click();
  await expect(page).toHaveURL(/\/sign-up-profissional$/);

  await page.getByLabel('Nome completo').fill(`Pessoa ${profession}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Celular').fill('11987654321');
  await page.getByLabel('CPF').fill(cpf.generate());
  await page.getByLabel('Data de nascimento (DD/MM/AAAA)').fill('17051990');
  await expect(page.getByLabel('Data de nascimento (DD/MM/AAAA)')).toHaveValue('17/05/1990');
  await next(page);

  await page.getByLabel('CEP').fill('01310100');
  // Masked fields are filled as a paste would; no network here: the provider does not answer and the address is typed by hand.
  await expect(page.getByText('Não encontramos o endereço deste CEP automaticamente.', { exact: false })).toBeVisible();
  await page.getByLabel('Endereço').fill('Avenida Paulista');
  await page.getByLabel('Número').fill('1000');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await choose(page, 'Estado', 'SP');
  await next(page);

  await choose(page, 'Profissão', profession);
  await choose(page, 'Modalidade', 'Autônomo');
  const registration = { Arquiteto: 'Número de registro (CAU)', Engenheiro: 'Número de registro (CREA)' }[profession];
  if (registration) await page.getByLabel(registration).fill('A12345-6');
  if (profession === 'Designer de Interiores') {
    await page.getByLabel('Número de associado (ABD)').fill('ABD-777');
    await page.getByLabel('Certificado ABD (PDF, JPG ou PNG, até 5 MB)').setInputFiles({
      name: 'certificado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n% certificado\n%%EOF\n'),
    });
  }
  await page.getByLabel('CNPJ do escritório').fill('12abc34501de35');
  await expect(page.getByLabel('CNPJ do escritório')).toHaveValue('12.ABC.345/01DE-35');
  await next(page);

  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await next(page);
  await page.getByLabel('Instagram').fill('@estudio');
  await next(page);
  await page.getByText('Li e aceito os termos de uso e a política de privacidade').click();
  const before = outboxSize(outbox);
  await page.getByRole('button', { name: 'Concluir cadastro' }).click();
  await expect(page).toHaveURL(/\/sign-up-finished$/);
  await expect(page.getByRole('heading', { name: 'Cadastro concluído!' })).toBeVisible();
  return fromOutbox(outbox, email, confirmLinkPattern, before);
}

test.describe('sign-up', () => {
  for (const profession of ['Arquiteto', 'Engenheiro', 'Designer de Interiores']) {
    test(`a new ${profession} signs up through every step, confirms the e-mail from the outbox and logs in`, async ({
      page,
      server,
    }) => {
      const email = `novo.${profession.split(' ')[0]?.toLowerCase()}.${Date.now()}@especifica.dev`;
      const link = await signUpProfessional(page, server.outbox, profession, email);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByText('E-mail validado com sucesso!').first()).toBeVisible();
      await page.goto('/login');
      await submitLogin(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: `Olá, Pessoa ${profession}!` })).toBeVisible();
    });
  }

  test('each step validates before the next and keeps what was typed when going back', async ({ page }) => {
    await page.goto('/sign-up-profissional');
    await next(page);
    await expect(page.getByText('Digite um nome válido.')).toBeVisible();
    await expect(page.getByText('Digite um CPF válido.')).toBeVisible();
    await page.getByLabel('Nome completo').fill('Maria Voltar');
    await page.getByLabel('E-mail').fill(`voltar.${Date.now()}@especifica.dev`);
    await page.getByLabel('Celular').fill('11987654321');
    await typeMasked(page.getByLabel('CPF'), '12345678900');
    await expect(page.getByText('Digite um CPF válido.')).toBeVisible();
    await typeMasked(page.getByLabel('CPF'), cpf.generate());
    await typeMasked(page.getByLabel('Data de nascimento (DD/MM/AAAA)'), `0101${new Date().getFullYear() - 10}`);
    await next(page);
    await expect(page.getByText('É preciso ter pelo menos 18 anos para participar.')).toBeVisible();
    await typeMasked(page.getByLabel('Data de nascimento (DD/MM/AAAA)'), '01011985');
    await next(page);
    await expect(page.getByText('Etapa 2 de 6')).toBeVisible();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByLabel('Nome completo')).toHaveValue('Maria Voltar');
  });

  test('a shopkeeper signs up against the demo store found by its CNPJ, confirms the e-mail and logs in', async ({
    page,
    server,
  }) => {
    await page.goto('/sign-up-lojista');
    await typeMasked(page.getByLabel('CNPJ da loja'), '99999999000191');
    await page.getByRole('button', { name: 'Buscar loja' }).click();
    await expect(
      page.getByText('Não encontramos uma loja participante com este CNPJ.', { exact: false }),
    ).toBeVisible();
    // Typed over the first CNPJ: a programmatic fill races the mask's reading of the selection.
    await typeMasked(page.getByLabel('CNPJ da loja'), DEMO_STORE_CNPJ.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Buscar loja' }).click();
    await expect(page.getByText('Loja encontrada: Casa & Acabamento Demo')).toBeVisible();
    const email = `lojista.${Date.now()}@especifica.dev`;
    await page.getByLabel('Nome completo').fill('Lúcia Lojista');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Celular').fill('11912345678');
    await page.getByLabel('CPF').fill(cpf.generate());
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirme a senha').fill(PASSWORD);
    await page.getByText('Li e aceito os termos de uso e a política de privacidade').click();
    const before = outboxSize(server.outbox);
    await page.getByRole('button', { name: 'Concluir cadastro' }).click();
    await expect(page).toHaveURL(/\/sign-up-finished$/);
    await expect(page.getByText('Enviamos um link de confirmação para o seu e-mail.', { exact: false })).toBeVisible();
    const link = await fromOutbox(server.outbox, email, confirmLinkPattern, before);
    // Before the link is opened, login refuses and sends a new one.
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await page.getByRole('button', { name: 'Sou lojista' }).click();
    await submitLogin(page, email, PASSWORD);
    await expect(
      page.getByText('Confirme seu e-mail pelo link que enviamos para entrar. Enviamos um novo link agora.').first(),
    ).toBeVisible();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText('E-mail validado com sucesso!').first()).toBeVisible();
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await page.getByRole('button', { name: 'Sou lojista' }).click();
    await submitLogin(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Olá, Lúcia Lojista!' })).toBeVisible();
  });
});
