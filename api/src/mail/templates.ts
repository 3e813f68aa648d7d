import { byCount, formatPoints } from '../domain/points';
import type { MailMessage } from './mailer';

// The e-mails of accounts, in pt-BR. Values are escaped for the HTML part; the text part carries the same content.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:560px">
<h1 style="font-size:20px;color:#1f7a5c">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#6b7280">Especifica: programa de pontos para profissionais de arquitetura, engenharia e design de interiores.</p>
</body></html>`;
}

export function resetCodeMail(to: string, name: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Seu código para redefinir a senha no Especifica',
    text: `Olá, ${name}!\n\nSeu código de segurança para redefinir a senha no Especifica é ${code}.\nEle vale por ${minutes} minutos e pode ser usado uma única vez.\n\nSe você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.\n`,
    html: layout('Redefinição de senha', [
      `Olá, ${escapeHtml(name)}!`,
      `Seu código de segurança para redefinir a senha no Especifica é <strong style="font-size:22px;letter-spacing:4px">${code}</strong>.`,
      `Ele vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Se você não pediu a troca de senha, ignore este e-mail: sua senha continua a mesma.',
    ]),
  };
}

export function confirmEmailMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirme seu e-mail no Especifica',
    text: `Olá, ${name}!\n\nRecebemos seu cadastro no Especifica. Para ativar sua conta, confirme seu e-mail abrindo o link abaixo:\n\n${link}\n\nO link vale por 7 dias. Se você não se cadastrou, ignore este e-mail.\n`,
    html: layout('Confirme seu e-mail', [
      `Olá, ${escapeHtml(name)}!`,
      'Recebemos seu cadastro no Especifica. Para ativar sua conta, confirme seu e-mail:',
      `<a href="${escapeHtml(link)}" style="background:#1f7a5c;color:#fff;padding:10px 18px;border-radius:5px;text-decoration:none">Confirmar e-mail</a>`,
      `Ou copie este endereço no navegador: ${escapeHtml(link)}`,
      'O link vale por 7 dias. Se você não se cadastrou, ignore este e-mail.',
    ]),
  };
}

export function welcomeMail(to: string, name: string, loginLink: string): MailMessage {
  return {
    to,
    subject: 'Boas-vindas ao Especifica',
    text: `Olá, ${name}!\n\nSua conta no Especifica está ativa. Entre em ${loginLink} para acompanhar seus pontos, seu nível e as experiências do programa.\n`,
    html: layout('Boas-vindas ao Especifica', [
      `Olá, ${escapeHtml(name)}!`,
      'Sua conta no Especifica está ativa. Acompanhe seus pontos, seu nível e as experiências do programa.',
      `<a href="${escapeHtml(loginLink)}">Entrar no Especifica</a>`,
    ]),
  };
}

/** `hundredths`: the points that expire, said with the one plural rule (byCount). */
export function expiringPointsMail(
  to: string,
  name: string,
  hundredths: number,
  days: number,
  link: string,
): MailMessage {
  const points = formatPoints(hundredths);
  const [noun, verb, use] = byCount(
    hundredths,
    ['ponto', 'expira', 'Use-o antes que expire'],
    ['pontos', 'expiram', 'Use-os antes que expirem'],
  );
  return {
    to,
    subject: `${points} ${noun} ${verb} nos próximos ${days} dias`,
    text: `Olá, ${name}!\n\n${points} ${noun} do seu saldo no Especifica ${verb} nos próximos ${days} dias. ${use}: veja seu extrato em ${link}\n`,
    html: layout('Pontos perto de expirar', [
      `Olá, ${escapeHtml(name)}!`,
      `${escapeHtml(points)} ${noun} do seu saldo no Especifica ${verb} nos próximos ${days} dias. ${use}.`,
      `<a href="${escapeHtml(link)}">Ver meu extrato</a>`,
    ]),
  };
}

/**
 * The notice a customer receives when a professional registers them (LGPD: they never signed anything): who, at
 * which programme, what it means for their purchases, and the link to object.
 */
export function customerNoticeMail(
  to: string,
  customer: string,
  professional: string,
  until: string,
  link: string,
): MailMessage {
  const what = `${professional} cadastrou você como cliente no Especifica, um programa de relacionamento de lojas de acabamentos e decoração com profissionais de arquitetura, engenharia e design de interiores.`;
  const means = `Isso quer dizer que as compras feitas no seu CPF nas lojas parceiras do programa, até ${until}, podem render pontos a esse profissional. Seus dados (nome, CPF, telefone e e-mail) são usados só para isso, e o profissional não vê o que você compra fora do programa.`;
  const object =
    'Se você não concorda, é só abrir o link abaixo: o cadastro é encerrado na hora e nenhuma compra é atribuída a esse profissional depois disso. Ele saberá que você se opôs, mas não o motivo.';
  return {
    to,
    subject: `${professional} cadastrou você no Especifica`,
    text: `Olá, ${customer}!\n\n${what}\n\n${means}\n\n${object}\n\n${link}\n`,
    html: layout('Você foi cadastrado como cliente', [
      `Olá, ${escapeHtml(customer)}!`,
      escapeHtml(what),
      escapeHtml(means),
      escapeHtml(object),
      `<a href="${escapeHtml(link)}" style="background:#1f7a5c;color:#fff;padding:10px 18px;border-radius:5px;text-decoration:none">Não quero participar</a>`,
      `Ou copie este endereço no navegador: ${escapeHtml(link)}`,
    ]),
  };
}

/** The warning 30 days before an inactive account is anonymised (LGPD: data kept no longer than needed). */
export function retentionNoticeMail(
  to: string,
  name: string,
  years: number,
  until: string,
  loginLink: string,
): MailMessage {
  const what = `Sua conta no Especifica está sem acesso há quase ${years} ${years === 1 ? 'ano' : 'anos'}. Para não guardar dados pessoais por mais tempo que o necessário, ela será excluída em ${until}: seus dados pessoais serão apagados e seus pontos deixarão de ser seus.`;
  const keep = 'Para manter a conta, basta entrar no programa até essa data.';
  return {
    to,
    subject: 'Sua conta no Especifica será excluída por inatividade',
    text: `Olá, ${name}!\n\n${what}\n\n${keep}\n\n${loginLink}\n`,
    html: layout('Sua conta será excluída por inatividade', [
      `Olá, ${escapeHtml(name)}!`,
      escapeHtml(what),
      escapeHtml(keep),
      `<a href="${escapeHtml(loginLink)}" style="background:#1f7a5c;color:#fff;padding:10px 18px;border-radius:5px;text-decoration:none">Entrar no Especifica</a>`,
    ]),
  };
}
