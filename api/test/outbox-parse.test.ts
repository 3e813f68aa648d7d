import { createTransport } from 'nodemailer';
import { confirmEmailMail } from '../src/mail/templates';
import { parseEml } from './support/outbox';

// The tests read the links and codes of the outbox's .eml files as a person's mail client would. Quoted-printable
// breaks long lines with a trailing "="; this token's dashes fall at the start of a broken line, which a reader
// that ended the text part at any line starting with "--" cut in two (1 sign-up in about 3,000).
describe('reading an .eml of the outbox', () => {
  it('ends the text part at its MIME boundary, not at a line of the text that starts with "--"', async () => {
    const token = 'CFVCo-yq4Uc1OwTRw5wap8vc8h5p8uUnY--ipkjrv30';
    const link = `http://127.0.0.1:40123/email-confirm?id=${token}`;
    const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await composer.sendMail({
      from: 'Especifica <nao-responda@especifica.dev>',
      ...confirmEmailMail('lojista@especifica.dev', 'Lojista Pendente', link),
    });
    const raw = (info.message as Buffer).toString();
    expect(raw).toMatch(/=\n--ipkjrv30/);
    const mail = parseEml('message.eml', raw);
    expect(/\/email-confirm\?id=(\S+)/.exec(mail.text)?.[1]).toBe(token);
    expect(mail.text).toMatch(/^Olá, Lojista Pendente!/);
    expect(mail.text).toMatch(/Se você não se cadastrou, ignore este e-mail\.\n$/);
    expect(mail.subject).toBe('Confirme seu e-mail no Especifica');
    expect(mail.to).toBe('lojista@especifica.dev');
  });
});
