import { emptyForm, type SignUpForm, signUpSchema, toFormData } from '../model';

const form = (overrides: Partial<SignUpForm>): SignUpForm => ({
  ...emptyForm,
  name: 'Pessoa',
  email: 'pessoa@especifica.dev',
  cellphone: '(11) 98765-4321',
  cpf: '529.982.247-25',
  birthDate: '17/05/1990',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  profession: 'Arquiteto',
  modality: 'Autônomo',
  registration: 'A1',
  password: 'uma senha longa',
  confirmPassword: 'uma senha longa',
  acceptTerms: true,
  ...overrides,
});

const entries = (data: FormData) => Object.fromEntries([...data.entries()].map(([k, v]) => [k, v]));

describe('the sign-up payload (spec 3 and 5)', () => {
  it('sends the birth date typed as DD/MM/YYYY as YYYY-MM-DD, and the documents unmasked', () => {
    const sent = entries(toFormData(form({ officeCnpj: '12.abc.345/01de-35' }), { file: null }));
    expect(JSON.parse(String(sent.userData))).toEqual({ cpf: '52998224725', birthDate: '1990-05-17' });
    expect(sent.cellphone).toBe('11987654321');
    expect(JSON.parse(String(sent.office)).cnpj).toBe('12ABC34501DE35');
    expect(JSON.parse(String(sent.address)).zipCode).toBe('01310100');
  });

  it.each([
    ['Arquiteto', 'cau'],
    ['Engenheiro', 'crea'],
  ])('sends only the registration of %s as %s', (profession, field) => {
    const sent = entries(toFormData(form({ profession }), { file: null }));
    expect(sent[field]).toBe('A1');
    expect(['cau', 'crea', 'abd'].filter((key) => key in sent)).toEqual([field]);
  });

  it('sends abd and the file for Designer de Interiores, and no crea', () => {
    const file = new File(['%PDF-1.7'], 'abd.pdf', { type: 'application/pdf' });
    const sent = entries(toFormData(form({ profession: 'Designer de Interiores' }), { file }));
    expect(sent.abd).toBe('A1');
    expect(sent.file).toBeInstanceOf(File);
    expect('crea' in sent).toBe(false);
  });

  it('sends the invite references', () => {
    const sent = entries(toFormData(form({}), { file: null, referenceStore: 'loja', referenceSeller: 'vendedor' }));
    expect(sent).toMatchObject({ referenceStore: 'loja', referenceSeller: 'vendedor' });
  });
});

describe('the sign-up rules', () => {
  const schema = signUpSchema({ withPassword: true });
  const messages = (value: SignUpForm) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each([
    [{ cpf: '123.456.789-00' }, 'Digite um CPF válido.'],
    [{ birthDate: '31/02/1990' }, 'Digite uma data de nascimento válida.'],
    [{ birthDate: `01/01/${new Date().getFullYear() - 15}` }, 'É preciso ter pelo menos 18 anos para participar.'],
    [{ officeCnpj: '12.ABC.345/01DE-00' }, 'Digite um CNPJ válido.'],
    [{ registration: '' }, 'Digite um número de registro válido.'],
    [{ confirmPassword: 'outra senha longa' }, 'As senhas não conferem'],
    [{ acceptTerms: false }, 'Você precisa aceitar os termos de uso'],
  ] as Array<[Partial<SignUpForm>, string]>)('%j shows "%s"', (overrides, message) => {
    expect(messages(form(overrides))).toContain(message);
  });

  it('accepts an alphanumeric office CNPJ and a valid form', () => {
    expect(messages(form({ officeCnpj: '12.ABC.345/01DE-35' }))).toEqual([]);
  });
});
