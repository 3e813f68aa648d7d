import { loadTagManager, shouldLoadTagManager } from '../tag-manager';

describe('the tag manager (spec 9)', () => {
  it.each([
    ['especifica.com.br', 'GTM-1', true],
    ['localhost', 'GTM-1', false],
    ['127.0.0.1', 'GTM-1', false],
    ['app.localhost', 'GTM-1', false],
    ['homol.especifica.com.br', 'GTM-1', false],
    ['especifica.com.br', undefined, false],
    ['especifica.com.br', '', false],
  ])('on %s with id %s loads: %s', (host, id, expected) => {
    expect(shouldLoadTagManager(host, id)).toBe(expected);
  });

  it('adds the script with the configured id', () => {
    expect(loadTagManager('GTM-ABC', 'especifica.com.br')).toBe(true);
    expect(document.head.querySelector('script[src*="gtm.js?id=GTM-ABC"]')).not.toBeNull();
  });
});
