import { isValidCnpj, normalizeCnpj, withCnpjCheckDigits } from './cnpj';

describe('CNPJ', () => {
  it.each([
    ['an all-numeric CNPJ keeps its module-11 check digits', '11.222.333/0001-81', true],
    ['an alphanumeric CNPJ (IN 2.229/2024) is valid with digits over ASCII - 48', '12.ABC.345/01DE-35', true],
    ['lower-case letters are the same CNPJ', '12.abc.345/01de-35', true],
    ['a wrong check digit is refused', '11.222.333/0001-82', false],
    ['the all-same-digit numbers are refused', '00000000000000', false],
    ['check digits are never letters', '12ABC34501DEA5', false],
    ['too short is refused', '1122233300018', false],
  ])('%s', (_rule, input, valid) => {
    expect(isValidCnpj(input)).toBe(valid);
  });

  it('is stored upper-case and without the mask', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('computes the check digits of a base', () => {
    expect(withCnpjCheckDigits('11.222.333/0001')).toBe('11222333000181');
    expect(withCnpjCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
  });
});
