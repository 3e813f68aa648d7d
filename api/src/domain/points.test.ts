import { fromHundredths, toHundredths } from './points';

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
});
