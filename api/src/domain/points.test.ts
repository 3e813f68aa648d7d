import { expiringPointsMail } from '../mail/templates';
import { byCount, countPhrase, fromHundredths, pointsPhrase, toHundredths } from './points';

describe('points at the edge', () => {
  it.each([
    ['hundredths become a number with 2 decimals', 825_050, 8250.5],
    ['the SUM of PostgreSQL arrives as a string', '120000', 1200],
    ['a negative balance stays negative', -1_99, -1.99],
  ])('%s', (_rule, hundredths, points) => {
    expect(fromHundredths(hundredths)).toBe(points);
  });

  it('decimals become hundredths without binary error', () => {
    expect(toHundredths(0.29)).toBe(29);
    expect(toHundredths(8250.5)).toBe(825_050);
  });

  it('refuses a third decimal', () => {
    expect(() => toHundredths(1.005)).toThrow(RangeError);
  });

  it('says one point in the singular and every other amount in the plural, never "ponto(s)"', () => {
    expect(pointsPhrase(100)).toBe('1 ponto');
    expect(pointsPhrase(150)).toBe('1,5 pontos');
    expect(pointsPhrase(0)).toBe('0 pontos');
    expect(pointsPhrase(125_000)).toBe('1.250 pontos');
    expect(countPhrase(1, ['participante', 'participantes'], true)).toBe('1 participante');
    expect(countPhrase(3, ['participante', 'participantes'], true)).toBe('3 participantes');
    // A word that agrees with the amount follows the same rule: a debit of one point too.
    expect(byCount(-100, 'expira', 'expiram')).toBe('expira');
    expect(byCount(101, 'expira', 'expiram')).toBe('expiram');
  });

  it("says the expiring points' e-mail in the singular for one point and in the plural otherwise", () => {
    const one = expiringPointsMail('a@b.dev', 'Ana', 100, 30, 'http://x/extract');
    expect(one.subject).toBe('1 ponto expira nos próximos 30 dias');
    expect(one.text).toContain(
      '1 ponto do seu saldo no Especifica expira nos próximos 30 dias. Use-o antes que expire',
    );
    const many = expiringPointsMail('a@b.dev', 'Ana', 25_50, 7, 'http://x/extract');
    expect(many.subject).toBe('25,5 pontos expiram nos próximos 7 dias');
    expect(many.html).toContain('Use-os antes que expirem.');
  });
});
