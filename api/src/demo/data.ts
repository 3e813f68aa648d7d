import { createHash } from 'node:crypto';
import type { Profession } from '@especifica/mf-shared/contracts';
import type { AddressColumn } from '../db/schema';
import { withCnpjCheckDigits } from '../domain/cnpj';

// What the demo programme is made of: believable Brazilian stores, people, brands and products. Everything here is
// fixed or comes from a seeded generator, so two fresh starts show the same programme.

/** mulberry32: a small generator with a fixed seed, so the demo is the same on every start. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** A stable UUID for a name (the demo's rows keep their ids from one start to the next). */
export function demoUuid(name: string): string {
  const hex = createHash('sha256').update(`especifica-demo:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A CPF from its first nine digits, with its two check digits. */
export function demoCpf(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((acc, char, i) => acc + Number(char) * (base.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(nine);
  return `${nine}${first}${digit(`${nine}${first}`)}`;
}

export interface DemoStore {
  key: string;
  cnpj: string;
  name: string;
  email: string;
  phone: string;
  address: AddressColumn;
  team: { name: string; email: string; type: 'seller' | 'manager' }[];
}

const address = (street: string, number: string, neighborhood: string, city: string, state: string, zip: string) => ({
  street,
  number,
  neighborhood,
  city,
  state,
  zipCode: zip,
});

/** The partner stores besides the demo store (which keeps its own CNPJ and team). */
export const demoStores: DemoStore[] = [
  {
    key: 'casa-moderna',
    cnpj: withCnpjCheckDigits('27865412000118'.slice(0, 12)),
    name: 'Casa Moderna Acabamentos',
    email: 'contato@casamoderna.com.br',
    phone: '1133224455',
    address: address('Rua Teodoro Sampaio', '1450', 'Pinheiros', 'São Paulo', 'SP', '05406100'),
    team: [
      { name: 'Juliana Ramos', email: 'juliana.ramos@casamoderna.com.br', type: 'manager' },
      { name: 'Rafael Moreira', email: 'rafael.moreira@casamoderna.com.br', type: 'seller' },
      { name: 'Beatriz Lopes', email: 'beatriz.lopes@casamoderna.com.br', type: 'seller' },
    ],
  },
  {
    key: 'lar-obra',
    cnpj: withCnpjCheckDigits('31457829000140'.slice(0, 12)),
    name: 'Lar & Obra Revestimentos',
    email: 'vendas@larobra.com.br',
    phone: '1932518877',
    address: address('Avenida Norte-Sul', '820', 'Cambuí', 'Campinas', 'SP', '13025320'),
    team: [
      { name: 'Thiago Nogueira', email: 'thiago@larobra.com.br', type: 'seller' },
      { name: 'Camila Freitas', email: 'camila@larobra.com.br', type: 'seller' },
    ],
  },
  {
    key: 'design-moveis',
    cnpj: withCnpjCheckDigits('19283746000155'.slice(0, 12)),
    name: 'Design Móveis Planejados',
    email: 'atendimento@designmoveis.com.br',
    phone: '3132914400',
    address: address('Rua Fernandes Tourinho', '390', 'Savassi', 'Belo Horizonte', 'MG', '30112000'),
    team: [
      { name: 'Gustavo Pereira', email: 'gustavo@designmoveis.com.br', type: 'manager' },
      { name: 'Larissa Cunha', email: 'larissa@designmoveis.com.br', type: 'seller' },
    ],
  },
  {
    key: 'ponto-forte',
    cnpj: withCnpjCheckDigits('08364215000190'.slice(0, 12)),
    name: 'Ponto Forte Materiais de Construção',
    email: 'loja@pontoforte.com.br',
    phone: '4130457722',
    address: address('Avenida Sete de Setembro', '4210', 'Batel', 'Curitiba', 'PR', '80250210'),
    team: [
      { name: 'Diego Albuquerque', email: 'diego@pontoforte.com.br', type: 'seller' },
      { name: 'Patrícia Souza', email: 'patricia@pontoforte.com.br', type: 'seller' },
    ],
  },
  {
    key: 'marmores-rio',
    cnpj: withCnpjCheckDigits('AB3C5D7E0001'),
    name: 'Mármores & Cia Rio',
    email: 'contato@marmoresecia.com.br',
    phone: '2125403311',
    address: address('Avenida das Américas', '7777', 'Barra da Tijuca', 'Rio de Janeiro', 'RJ', '22793081'),
    team: [{ name: 'Fernanda Castro', email: 'fernanda@marmoresecia.com.br', type: 'seller' }],
  },
];

/**
 * Sellers who signed up alone and confirmed their e-mail, waiting for their store's approval: the demo store's
 * manager (Mônica) decides on the first at /store-approvals, the admin sees both at /cms/shopkeepers/users.
 * `store` is a key of demoStores, or null for the demo store.
 */
export const demoPendingSellers: { name: string; email: string; store: string | null }[] = [
  { name: 'Lucas Andrade', email: 'lucas.andrade@email.com.br', store: null },
  { name: 'Patrícia Nogueira', email: 'patricia.nogueira@email.com.br', store: 'casa-moderna' },
];

/**
 * Professionals of the programme besides the demo logins (they cannot sign in: no password). Each profession is one
 * of the sign-up's options, as the profile's select and the rules per profession read it.
 */
export const demoProfessionals = (
  [
    ['Lucas Martins', 'Arquiteto', 'Florianópolis', 'SC'],
    ['Beatriz Carvalho', 'Designer de Interiores', 'São Paulo', 'SP'],
    ['Rodrigo Almeida', 'Engenheiro', 'Campinas', 'SP'],
    ['Isabela Rocha', 'Arquiteto', 'Belo Horizonte', 'MG'],
    ['Felipe Gomes', 'Arquiteto', 'Curitiba', 'PR'],
    ['Mariana Teixeira', 'Designer de Interiores', 'Rio de Janeiro', 'RJ'],
    ['Gabriel Barbosa', 'Paisagista', 'Porto Alegre', 'RS'],
    ['Letícia Mendes', 'Arquiteto', 'Salvador', 'BA'],
  ] satisfies [string, Profession, string, string][]
).map(([name, profession, city, state], i) => ({
  key: `professional-${i + 1}`,
  name: name as string,
  profession: profession as Profession,
  email: `${(name as string)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(' ', '.')}@exemplo.com.br`,
  cpf: demoCpf(String(318_402_110 + i * 7_919)),
  city: city as string,
  state: state as string,
}));

/** Customers of a professional: name and the nine digits their CPF is made from. */
export const demoCustomerNames = [
  'Roberto e Cláudia Azevedo',
  'Helena Figueiredo',
  'Condomínio Residencial Jardins',
  'Marcos Vieira',
  'Sofia Andrade',
  'Paulo Henrique Dias',
  'Renata Lima',
  'Antônio Prado',
];

interface Category {
  name: string;
  code: string;
  brands: string[];
  items: { name: string; price: [number, number] }[];
}

/** Categories with their brands and items: products are the items crossed with brands and finishes. */
export const demoCatalogue: Category[] = [
  {
    name: 'Pisos e Revestimentos',
    code: 'REV',
    brands: ['Portobello', 'Eliane', 'Portinari', 'Biancogres'],
    items: [
      { name: 'Porcelanato Acetinado 60x60', price: [90, 160] },
      { name: 'Porcelanato Polido 90x90', price: [140, 260] },
      { name: 'Revestimento Cerâmico 30x60', price: [45, 90] },
      { name: 'Porcelanato Amadeirado 20x120', price: [110, 210] },
      { name: 'Pastilha de Vidro 30x30', price: [60, 120] },
    ],
  },
  {
    name: 'Metais Sanitários',
    code: 'MET',
    brands: ['Deca', 'Docol', 'Fabrimar'],
    items: [
      { name: 'Misturador Monocomando para Lavatório', price: [380, 1200] },
      { name: 'Chuveiro de Parede Quadrado', price: [450, 1500] },
      { name: 'Torneira de Cozinha Gourmet', price: [600, 1900] },
      { name: 'Registro de Pressão 3/4', price: [120, 320] },
    ],
  },
  {
    name: 'Louças Sanitárias',
    code: 'LOU',
    brands: ['Deca', 'Roca', 'Celite'],
    items: [
      { name: 'Bacia com Caixa Acoplada', price: [700, 1800] },
      { name: 'Cuba de Apoio Retangular', price: [300, 900] },
      { name: 'Cuba de Embutir Oval', price: [200, 500] },
    ],
  },
  {
    name: 'Tintas',
    code: 'TIN',
    brands: ['Suvinil', 'Coral', 'Sherwin-Williams'],
    items: [
      { name: 'Tinta Acrílica Fosca 18 L', price: [280, 520] },
      { name: 'Tinta Acrílica Acetinada 3,6 L', price: [110, 210] },
      { name: 'Esmalte Sintético Brilhante 3,6 L', price: [120, 230] },
      { name: 'Massa Corrida 25 kg', price: [70, 130] },
    ],
  },
  {
    name: 'Iluminação',
    code: 'ILU',
    brands: ['Lumini', 'Stella', 'La Lampe'],
    items: [
      { name: 'Pendente de Alumínio', price: [350, 1600] },
      { name: 'Spot de Embutir LED', price: [60, 180] },
      { name: 'Perfil de LED 2 m', price: [180, 420] },
      { name: 'Arandela de Parede', price: [220, 780] },
    ],
  },
  {
    name: 'Móveis Planejados',
    code: 'MOV',
    brands: ['Todeschini', 'Florense', 'Dell Anno', 'Favorita'],
    items: [
      { name: 'Armário de Cozinha (metro linear)', price: [1800, 4200] },
      { name: 'Painel de TV Ripado', price: [2200, 5200] },
      { name: 'Guarda-roupa de Correr', price: [3500, 8900] },
    ],
  },
  {
    name: 'Mármores e Granitos',
    code: 'PED',
    brands: ['Decortiles', 'Pedras do Brasil'],
    items: [
      { name: 'Bancada de Quartzo Branco (m²)', price: [900, 1900] },
      { name: 'Granito São Gabriel (m²)', price: [380, 700] },
    ],
  },
];

export const finishes = ['Branco', 'Grafite', 'Areia', 'Carvalho', 'Preto Fosco', 'Cinza', 'Off White', 'Cobre'];

/** The FAQ of the demo programme: what professionals and shopkeepers ask most, by topic. */
export const demoFaq: { topic: string; question: string; answer: string }[] = [
  {
    topic: 'Sobre o programa',
    question: 'O que é o Especifica?',
    answer:
      'É o programa de relacionamento para arquitetos, engenheiros, designers de interiores e lojistas parceiros. Você acumula pontos com as compras que especifica nas lojas participantes e os troca por experiências, cursos e benefícios.',
  },
  {
    topic: 'Sobre o programa',
    question: 'Quem pode participar?',
    answer:
      'Profissionais de arquitetura, engenharia e design de interiores com CPF e registro profissional (CAU, CREA ou ABD), e vendedores, gerentes e consultores das lojas parceiras.',
  },
  {
    topic: 'Sobre o programa',
    question: 'Como aceito a nova versão do regulamento?',
    answer:
      'Quando uma nova versão é publicada, ela aparece no seu próximo acesso para leitura e aceite. Você pode consultá-la a qualquer momento em Regulamento, com o que mudou em relação à anterior.',
  },
  {
    topic: 'Pontos',
    question: 'Como ganho pontos?',
    answer:
      'Cada R$ 1,00 em produtos participantes das notas fiscais aprovadas vale pontos conforme a regra do programa (veja Pontuação). Aceleradores multiplicam os pontos de produtos, marcas, categorias ou lojas durante o período deles.',
  },
  {
    topic: 'Pontos',
    question: 'Quando os pontos vencem?',
    answer:
      'Os pontos valem pelo número de meses definido no regulamento, contados do crédito. O extrato mostra os pontos que vencem nos próximos 90 dias e a data do primeiro lote.',
  },
  {
    topic: 'Pontos',
    question: 'Por que minha pontuação diminuiu?',
    answer:
      'Os pontos diminuem quando você faz um resgate, quando um lote vence ou quando uma nota já aprovada é cancelada (estorno). Cada movimento aparece no extrato com a data e o motivo.',
  },
  {
    topic: 'Notas fiscais',
    question: 'Como envio uma nota fiscal?',
    answer:
      'Em Notas fiscais, clique em "Enviar nota fiscal" e anexe o XML da NF-e: loja, número, série, data, chave de acesso e produtos são lidos do documento. Com PDF ou foto, digite esses dados. A nota fica pendente até a análise.',
  },
  {
    topic: 'Notas fiscais',
    question: 'Quanto tempo leva a análise da nota?',
    answer:
      'A equipe do programa analisa as notas em até 5 dias úteis. Você recebe uma notificação quando a nota é aprovada ou reprovada, com o motivo.',
  },
  {
    topic: 'Notas fiscais',
    question: 'Minha nota foi reprovada. E agora?',
    answer:
      'O motivo da reprovação aparece na linha do tempo da nota. Corrija o que foi apontado (arquivo ilegível, loja não participante, nota duplicada) e envie novamente.',
  },
  {
    topic: 'Níveis e benefícios',
    question: 'Como funcionam os níveis?',
    answer:
      'O nível é calculado pelos pontos acumulados no ciclo, que é o ano civil. Em Categorias você vê cada nível, os subníveis, os benefícios e quanto falta para o próximo.',
  },
  {
    topic: 'Níveis e benefícios',
    question: 'Consultores têm nível?',
    answer: 'Não. Consultores das lojas acumulam e veem seus pontos, mas não participam dos níveis.',
  },
  {
    topic: 'Experiências',
    question: 'Como me inscrevo em uma experiência?',
    answer:
      'Em Experiências, escolha uma com vagas, confira o custo em pontos e o saldo depois da inscrição e confirme. Algumas exigem um nível mínimo.',
  },
  {
    topic: 'Experiências',
    question: 'Posso cancelar a inscrição?',
    answer: 'Sim, até a data da experiência, em "Minhas inscrições". Os pontos voltam para o seu saldo na hora.',
  },
  {
    topic: 'Clientes e lojas',
    question: 'Para que serve cadastrar meus clientes?',
    answer:
      'Uma compra do seu cliente numa loja parceira, com o CPF dele na nota, é atribuída a você durante 180 dias do cadastro. Renove o cadastro para estender o prazo.',
  },
  {
    topic: 'Clientes e lojas',
    question: 'Como convido um profissional para o programa?',
    answer:
      'Lojistas convidam profissionais pelo e-mail em Convites. O convidado recebe um link de cadastro já ligado à loja; o convite mostra quando ele se cadastrou.',
  },
];
