import { createTokens } from './tokens';

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';
const claims = { sub: '7d5c9a52-46a4-4b8e-9a0e-3f5f8f1c2b10', role: 'professional' as const, tv: 0 };

describe('access tokens', () => {
  it('knows a verified token again by its exact text, and nothing else by it', () => {
    const tokens = createTokens(SECRET, 3600);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
    const [header, payload, signature = ''] = token.split('.');
    // The first character: all six of its bits are signature (the last one's low bits are only padding).
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(createTokens(`${SECRET}!`, 3600).verify(token)).toBeNull();
  });

  it('stops accepting a remembered token when it expires', async () => {
    const tokens = createTokens(SECRET, 1);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(tokens.verify(token)).toBeNull();
  });
});
