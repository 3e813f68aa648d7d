import { randomBytes } from 'node:crypto';
import { cpf } from 'cpf-cnpj-validator';

/** A multipart body for app.inject: text fields, objects as JSON, and at most one file under `file`. */
export function multipart(fields: Record<string, unknown>, file?: { data: Buffer; name?: string; type?: string }) {
  const boundary = `----especifica${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'file.bin'}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
export const PDF = Buffer.from('%PDF-1.7\n% certificado ABD de teste\n%%EOF\n');

export const newCpf = () => cpf.generate();

let counter = 0;
/** A complete, valid professional sign-up; override what a test is about. */
export function professionalForm(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Profissional Cadastro ${counter}`,
    email: `cadastro${counter}.${randomBytes(3).toString('hex')}@especifica.dev`,
    password: 'uma senha de cadastro',
    cellphone: '(11) 98765-4321',
    userData: { cpf: newCpf(), birthDate: '1990-05-17', gender: 'Feminino' },
    address: {
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Sala 5',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
    profession: 'Arquiteto',
    modality: 'Autônomo',
    cau: 'A123456-7',
    office: { name: 'Estúdio Teste', cnpj: '', role: 'Sócia' },
    socialMedia: { instagram: '@estudio', facebook: '', behance: '', pinterest: '' },
    acceptTerms: true,
    acceptReceiveEmail: true,
    ...overrides,
  };
}
