import { z } from 'zod';
import { serializerCompiler } from './zod';

const answerSchema = z.object({ name: z.string(), points: z.number() });
const serializerOf = () =>
  serializerCompiler({ schema: answerSchema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('the reply serializer', () => {
  it('writes only what the contract names, for a kept (frozen) answer as for a fresh one', () => {
    const serialize = serializerOf();
    const kept = Object.freeze({ name: 'Ana', points: 10, passwordHash: 'x' });
    expect(JSON.parse(serialize({ name: 'Ana', points: 10, passwordHash: 'x' }))).toEqual({ name: 'Ana', points: 10 });
    expect(JSON.parse(serialize(kept))).toEqual({ name: 'Ana', points: 10 });
    expect(serialize(kept)).toBe(serialize(kept));
  });

  it('checks a kept answer against the contract, and refuses one that breaks it', () => {
    const serialize = serializerOf();
    expect(() => serialize(Object.freeze({ name: 'Ana', points: '10' }))).toThrow();
  });

  it('writes each kept answer as itself, and a fresh object as it is now', () => {
    const serialize = serializerOf();
    const ana = Object.freeze({ name: 'Ana', points: 10 });
    const bia = Object.freeze({ name: 'Bia', points: 20 });
    expect(JSON.parse(serialize(ana))).toEqual({ name: 'Ana', points: 10 });
    expect(JSON.parse(serialize(bia))).toEqual({ name: 'Bia', points: 20 });
    const fresh = { name: 'Caio', points: 1 };
    expect(JSON.parse(serialize(fresh))).toEqual(fresh);
    fresh.points = 2;
    expect(JSON.parse(serialize(fresh))).toEqual({ name: 'Caio', points: 2 });
  });
});
