import { z } from 'zod/mini';
import { professionOf, professionSchema, registrationFieldOf } from '../contracts';

describe('a profession written another way', () => {
  it('stands for the option it means, accents, case and gender aside', () => {
    expect(professionOf('Arquiteta')).toBe('Arquiteto');
    expect(professionOf('engenheira civil')).toBe('Engenheiro');
    expect(professionOf('DESIGNER DE INTERIORES ')).toBe('Designer de Interiores');
    expect(professionOf('Paisagista')).toBe('Paisagista');
    expect(professionOf('Outra')).toBe('Outro');
    expect(professionOf('Astronauta')).toBeNull();
    expect(professionOf(null)).toBeNull();
  });

  it('is taken as that option by the contract, and carries its registration number', () => {
    expect(z.parse(professionSchema, 'Arquiteta')).toBe('Arquiteto');
    expect(z.safeParse(professionSchema, 'Astronauta').error?.issues[0]?.message).toBe(
      'Selecione uma profissão válida.',
    );
    expect(registrationFieldOf('Arquiteta')).toBe('cau');
    expect(registrationFieldOf('Paisagista')).toBeNull();
  });
});
