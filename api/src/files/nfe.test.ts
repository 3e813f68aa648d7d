import { defaultNfeLines, nfeKey, nfeXml } from '../../test/support/nfe';
import { DEMO_STORE_CNPJ } from '../demo/seed';
import { withCnpjCheckDigits } from '../domain/cnpj';
import { HttpError } from '../kernel/errors';
import { accessKeyCheckDigit, isValidAccessKey, readNfe } from './nfe';

const read = (xml: string | Buffer) => readNfe(Buffer.isBuffer(xml) ? xml : Buffer.from(xml));

/** The {msg, code} that readNfe answers with (a 400), or the value it returned. */
function refusal(xml: string | Buffer): { status: number; code: string; msg: string } | 'accepted' {
  try {
    read(xml);
    return 'accepted';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, code: error.body.code ?? '', msg: error.body.msg };
  }
}

const CPF = '52998224725';
const xml = nfeXml;
const bare = (overrides: Parameters<typeof nfeXml>[0] = {}) => nfeXml({ envelope: 'NFe', ...overrides });

describe('NF-e access key', () => {
  it('has its check digit by modulo 11, weights 2 to 9 from the right (the NF-e manual, 5.4)', () => {
    const first43 = '3526011234567800019555001000004321112345678';
    // The weights from the left, written out: ...4 3 2 over the last three digits.
    const weights = '4329876543298765432987654329876543298765432';
    const sum = [...first43].reduce((acc, digit, i) => acc + Number(digit) * Number(weights[i]), 0);
    const rest = sum % 11;
    expect(accessKeyCheckDigit(first43)).toBe(rest < 2 ? 0 : 11 - rest);
  });

  it.each([
    ['a rest of 0 gives 0', '0000000000000000000000000000000000000000000', 0],
    ['a rest of 1 gives 0 (6 x 2 = 12)', '0000000000000000000000000000000000000000006', 0],
    ['otherwise 11 minus the rest', '0000000000000000000000000000000000000000001', 9],
  ])('%s', (_rule, first43, digit) => {
    expect(accessKeyCheckDigit(first43)).toBe(digit);
  });

  it('is valid only with 44 digits and the right check digit', () => {
    const key = nfeKey({ cnpj: DEMO_STORE_CNPJ, model: '55', series: 1, number: 4321 });
    expect(isValidAccessKey(key)).toBe(true);
    expect(isValidAccessKey(`${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`)).toBe(false);
    expect(isValidAccessKey(key.slice(0, 43))).toBe(false);
    expect(isValidAccessKey(`${key.slice(0, 43)}X`)).toBe(false);
  });

  it('takes letters where the emitter has an alphanumeric CNPJ, and nowhere else', () => {
    const cnpj = withCnpjCheckDigits('12ABC34501DE');
    const key = nfeKey({ cnpj, model: '55', series: 1, number: 4321 });
    expect(isValidAccessKey(key)).toBe(true);
    expect(isValidAccessKey(key.toLowerCase())).toBe(false);
    // The same digit rule with a letter in the number part: the format alone refuses it.
    const lettered = `${key.slice(0, 30)}A${key.slice(31, 43)}`;
    expect(isValidAccessKey(`${lettered}${accessKeyCheckDigit(lettered)}`)).toBe(false);
  });
});

describe('readNfe: what an NF-e 4.00 fills', () => {
  it('an nfeProc gives the store CNPJ, number, series, date, key, total and every product line', () => {
    const document = read(xml({ number: 4321, series: 2 }));
    expect(document).toEqual({
      accessKey: nfeKey({ yearMonth: '2601', cnpj: DEMO_STORE_CNPJ, model: '55', series: 2, number: 4321 }),
      model: '55',
      number: '4321',
      series: '2',
      issuedOn: '2026-01-15',
      // 21:30 in the document's offset (-03:00) is the next day in UTC.
      issuedAt: '2026-01-16T00:30:00.000Z',
      storeCnpj: DEMO_STORE_CNPJ,
      customer: null,
      lines: [
        { sku: 'PISO-01', description: 'Porcelanato 60x60 A&B', quantity: 10.5, total: 1000 },
        { sku: 'MET-01', description: 'Misturador monocomando', quantity: 1, total: 250.5 },
      ],
      productsTotal: 1250_50,
      invoiceTotal: 1265_50,
      signature: { status: 'unsigned' },
    });
  });

  it.each([
    ['a bare <NFe> (without the protocol) reads the same', bare()],
    ['a namespace prefix (<nfe:nfeProc xmlns:nfe=...>) reads the same', xml({ prefix: 'nfe' })],
    ['a prefixed bare <nfe:NFe> reads the same', bare({ prefix: 'nfe' })],
    ['a byte order mark before the declaration is allowed', `\uFEFF${xml()}`],
    ['comments around the root are allowed', xml({ prolog: '<!-- exportado pelo ERP -->' })],
    ['an NFC-e (model 65, the same layout) is read too', xml({ model: '65' })],
    ['a protocol "authorised late" (cStat 150) counts as authorised', xml({ status: '150' })],
  ])('%s', (_rule, text) => {
    const document = read(text);
    expect(document).toMatchObject({ number: '4321', series: '1', storeCnpj: DEMO_STORE_CNPJ });
    expect(document.lines).toHaveLength(2);
  });

  it('one det is a list of one line; many keep the document order', () => {
    expect(read(xml({ lines: [defaultNfeLines[1] as never] })).lines).toEqual([
      { sku: 'MET-01', description: 'Misturador monocomando', quantity: 1, total: 250.5 },
    ]);
    const many = Array.from({ length: 30 }, (_, i) => ({
      sku: `SKU-${i}`,
      description: `Produto ${i}`,
      quantity: '2.0000',
      total: `${i + 1}.10`,
    }));
    const document = read(xml({ lines: many }));
    expect(document.lines.map((line) => line.sku)).toEqual(many.map((line) => line.sku));
    expect(document.productsTotal).toBe(many.reduce((sum, _, i) => sum + (i + 1) * 100 + 10, 0));
  });

  it.each([
    ['late evening in São Paulo is still that day', '2026-01-15T23:59:59-03:00', '2026-01-15'],
    ['the day in Manaus (-04:00), not in UTC', '2026-01-15T22:30:00-04:00', '2026-01-15'],
    ['a UTC instant is its own day', '2026-01-16T01:00:00Z', '2026-01-16'],
  ])('dhEmi: %s', (_rule, issuedAt, issuedOn) => {
    expect(read(xml({ issuedAt })).issuedOn).toBe(issuedOn);
  });

  it.each([
    [
      'a buyer with CPF is the customer, with the name',
      { cpf: CPF, name: 'Maria da Silva' },
      { cpf: CPF, name: 'Maria da Silva' },
    ],
    ['a CPF without a name (an NFC-e) is a customer without a name', { cpf: CPF }, { cpf: CPF, name: null }],
    ['no dest is no customer', null, null],
  ])('dest: %s', (_rule, customer, expected) => {
    expect(read(xml({ customer })).customer).toEqual(expected);
  });

  it('decodes the five XML entities and character references, and nothing else', () => {
    const lines = [{ sku: 'A-1', description: 'DESCRICAO', quantity: '1', total: '5.00' }];
    // The builder escapes what it is given: the references go in by hand.
    const text = xml({ lines }).replace('DESCRICAO', 'Cer&#226;mica &quot;Sal&#xE3;o&quot; &amp;lt; 1m &nbsp;');
    expect(read(text).lines[0]?.description).toBe('Cerâmica "Salão" &lt; 1m &nbsp;');
  });

  it('checks the products against ICMSTot/vProd, not vNF (which adds freight and taxes)', () => {
    expect(read(xml({ invoiceTotal: '9999.99' })).invoiceTotal).toBe(9999_99);
  });

  it('an item with indTot 0 is a line but not part of ICMSTot/vProd', () => {
    const lines = [
      ...defaultNfeLines,
      { sku: 'BRINDE', description: 'Brinde', quantity: '1', total: '10.00', indTot: '0' as const },
    ];
    const document = read(xml({ lines, productsTotal: '1250.50' }));
    expect(document.lines).toHaveLength(3);
    expect(document.productsTotal).toBe(1250_50);
  });
});

describe('readNfe: what it refuses, with a 400 in pt-BR', () => {
  const otherNumberKey = nfeKey({ cnpj: DEMO_STORE_CNPJ, model: '55', series: 1, number: 9999 });
  const rightKey = nfeKey({ cnpj: DEMO_STORE_CNPJ, model: '55', series: 1, number: 4321 });
  const wrongDigit = `${rightKey.slice(0, 43)}${(Number(rightKey[43]) + 1) % 10}`;
  const billionLaughs = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE NFe [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
    '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>',
    `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00">&lol3;</infNFe></NFe>`,
  ].join('');
  const xxe = xml({ prolog: '<!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' }).replace(
    'VENDA DE MERCADORIA',
    '&xxe;',
  );

  it.each([
    [
      'a file that is not UTF-8 (Latin-1 bytes)',
      Buffer.from(xml().replace('A&amp;B', 'Cerâmica'), 'latin1'),
      'nfe-encoding',
      'O XML da NF-e não pôde ser lido: o arquivo não está em UTF-8.',
    ],
    ['an external entity (XXE)', xxe, 'nfe-doctype', /DOCTYPE ou ENTITY/],
    ['nested entities (billion laughs)', billionLaughs, 'nfe-doctype', /DOCTYPE ou ENTITY/],
    ['a DOCTYPE without entities', xml({ prolog: '<!DOCTYPE nfeProc>' }), 'nfe-doctype', /DOCTYPE ou ENTITY/],
    ['a tag left open', xml().replace('</nNF>', ''), 'nfe-malformed', /^O arquivo XML está malformado \(linha 1\)/],
    ['a document cut in half', xml().slice(0, 700), 'nfe-malformed', /malformado/],
    ['two root elements', `${bare()}${bare()}`.replace(/<\?xml[^>]*>/g, ''), 'nfe-malformed', /malformado/],
    ['text that is not XML at all', '<?xml version="1.0"?> nota fiscal', 'nfe-malformed', /malformado/],
    [
      'nesting far deeper than an NF-e has',
      `<?xml version="1.0"?>${'<a>'.repeat(200)}${'</a>'.repeat(200)}`,
      'nfe-malformed',
      /malformado/,
    ],
    [
      'an element named __proto__',
      bare().replace('<cNF>12345678</cNF>', '<__proto__>1</__proto__>'),
      'nfe-malformed',
      /malformado/,
    ],
    [
      'an XML that is not an NF-e',
      '<?xml version="1.0"?><pedido><numero>1</numero></pedido>',
      'nfe-not-nfe',
      /não é uma NF-e/,
    ],
    [
      'an <NFe> outside the NF-e namespace',
      xml().replace(/http:\/\/www\.portalfiscal\.inf\.br\/nfe/g, 'urn:outra'),
      'nfe-not-nfe',
      /não é uma NF-e/,
    ],
    [
      'an <NFe> whose prefix is bound to another namespace',
      bare({ prefix: 'nfe' }).replace(
        'xmlns:nfe=',
        'xmlns="http://www.portalfiscal.inf.br/nfe" xmlns:nfe="urn:x" data-x=',
      ),
      'nfe-not-nfe',
      /não é uma NF-e/,
    ],
    [
      'a CT-e or other document of the portal',
      '<?xml version="1.0"?><cteProc xmlns="http://www.portalfiscal.inf.br/nfe"/>',
      'nfe-not-nfe',
      /não é uma NF-e/,
    ],
    [
      'an nfeProc without the NFe',
      '<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>',
      'nfe-not-nfe',
      /não é uma NF-e/,
    ],
    [
      'layout 3.10',
      xml({ version: '3.10' }),
      'nfe-version',
      'Esta NF-e está no leiaute 3.10: só o leiaute 4.00 é aceito.',
    ],
    [
      'no layout version',
      bare().replace(' versao="4.00"', ''),
      'nfe-version',
      'A NF-e não informa a versão do leiaute: só o leiaute 4.00 é aceito.',
    ],
    [
      'a wrong check digit',
      bare({ key: wrongDigit }),
      'nfe-key',
      'A chave de acesso da NF-e tem o dígito verificador errado: confira se o XML é o original.',
    ],
    [
      'a key of another number (right check digit)',
      bare({ key: otherNumberKey }),
      'nfe-key',
      'A chave de acesso não confere com o número da própria NF-e: o XML foi alterado.',
    ],
    [
      'a key of another store',
      bare({ key: nfeKey({ cnpj: '11222333000181', model: '55', series: 2, number: 4321 }) }),
      'nfe-key',
      'A chave de acesso não confere com o CNPJ do emitente e a série da própria NF-e: o XML foi alterado.',
    ],
    [
      'an Id that is not NFe + 44 digits',
      bare({ key: '123' }),
      'nfe-key',
      'A chave de acesso da NF-e deve ter 44 caracteres: números, e letras só no CNPJ do emitente.',
    ],
    [
      'no key anywhere',
      bare({ key: null }),
      'nfe-key',
      'A chave de acesso da NF-e deve ter 44 caracteres: números, e letras só no CNPJ do emitente.',
    ],
    [
      'a protocol for another key',
      xml({ protocolKey: otherNumberKey }),
      'nfe-key',
      'A chave de acesso do protocolo de autorização (protNFe) não é a da NF-e.',
    ],
    [
      'a denied NF-e (cStat 110)',
      xml({ status: '110' }),
      'nfe-not-authorised',
      'Esta NF-e não foi autorizada pela SEFAZ (situação 110).',
    ],
    [
      'a test-environment NF-e (tpAmb 2)',
      xml({ environment: '2' }),
      'nfe-homologation',
      'Esta NF-e foi emitida em ambiente de homologação (teste) e não tem valor fiscal.',
    ],
    [
      'products that do not add up to vProd',
      xml({ productsTotal: '1300.00' }),
      'nfe-totals',
      'Os produtos da NF-e somam R$ 1.250,50, mas o total de produtos (vProd) da nota é R$ 1.300,00: o XML foi alterado.',
    ],
    [
      'no nNF',
      bare().replace('<nNF>4321</nNF>', ''),
      'nfe-invalid',
      'O campo ide/nNF da NF-e está ausente ou é inválido.',
    ],
    [
      'two nNF',
      bare().replace('<nNF>4321</nNF>', '<nNF>4321</nNF><nNF>4322</nNF>'),
      'nfe-invalid',
      'O campo ide/nNF da NF-e está ausente ou é inválido.',
    ],
    [
      'a date that does not exist',
      bare({ issuedAt: '2026-02-30T10:00:00-03:00' }),
      'nfe-invalid',
      'O campo ide/dhEmi da NF-e está ausente ou é inválido.',
    ],
    [
      'an emitter CNPJ with a wrong check digit',
      bare().replace(`<CNPJ>${DEMO_STORE_CNPJ}</CNPJ>`, `<CNPJ>${DEMO_STORE_CNPJ.slice(0, 13)}0</CNPJ>`),
      'nfe-invalid',
      'O campo emit/CNPJ da NF-e está ausente ou é inválido.',
    ],
    [
      'an emitter with CPF only',
      bare().replace(`<CNPJ>${DEMO_STORE_CNPJ}</CNPJ>`, `<CPF>${CPF}</CPF>`),
      'nfe-invalid',
      'O campo emit/CNPJ da NF-e está ausente ou é inválido.',
    ],
    [
      'a buyer CPF with a wrong check digit',
      bare({ customer: { cpf: '52998224724' } }),
      'nfe-invalid',
      'O campo dest/CPF da NF-e está ausente ou é inválido.',
    ],
    [
      'no products',
      bare({ lines: [], productsTotal: '0.00' }),
      'nfe-invalid',
      'O campo det da NF-e está ausente ou é inválido.',
    ],
    [
      'a quantity that is not a decimal',
      bare({ lines: [{ sku: 'A', description: 'A', quantity: '1,5', total: '1.00' }] }),
      'nfe-invalid',
      'O campo det[1]/prod/qCom da NF-e está ausente ou é inválido.',
    ],
    [
      'a product value with 3 decimals',
      bare({ lines: [{ sku: 'A', description: 'A', quantity: '1', total: '1.005' }], productsTotal: '1.00' }),
      'nfe-invalid',
      'O campo det[1]/prod/vProd da NF-e está ausente ou é inválido.',
    ],
  ])('%s', (_rule, text, code, msg) => {
    const answer = refusal(text);
    expect(answer).toMatchObject({ status: 400, code });
    if (answer === 'accepted') return;
    if (typeof msg === 'string') expect(answer.msg).toBe(msg);
    else expect(answer.msg).toMatch(msg);
  });
});
