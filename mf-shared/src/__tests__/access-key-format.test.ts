import { cnpj, cpf } from 'cpf-cnpj-validator';
import { formatAccessKey, formatCnpj, formatCpf } from '../contracts';

describe('documents as people read them', () => {
  it('writes an access key in groups of four, as the DANFE prints it, whatever spacing it came with', () => {
    const key = '35261112345678000190550010000012341000012345';
    expect(formatAccessKey(key)).toBe('3526 1112 3456 7800 0190 5500 1000 0012 3410 0001 2345');
    expect(formatAccessKey('3526 1112-3456.7800/0190550010000012341000012345')).toBe(formatAccessKey(key));
  });

  it('masks a CPF and a CNPJ, the alphanumeric one too', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('lays out a stored document as the library does, and leaves the rest to the library', () => {
    for (let i = 0; i < 200; i++) {
      const person = cpf.generate();
      expect(formatCpf(person)).toBe(cpf.format(person));
      const company = cnpj.generate();
      expect(formatCnpj(company)).toBe(cnpj.format(company));
    }
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('5299822472')).toBe('5299822472');
    expect(formatCnpj('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('12ABC34501DEXX')).toBe('12ABC34501DEXX');
  });
});
