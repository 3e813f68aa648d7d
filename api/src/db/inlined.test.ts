import { sql } from 'drizzle-orm';
import { inlined } from './client';

describe('inlined', () => {
  it('writes each parameter in as a literal that pg escaped, and leaves quoted text alone', () => {
    const text = inlined(
      sql`select '$1' as "$2", ${"O'Neil \\ x"} as a, ${12.5} as b, ${null} as c, ${new Date('2026-01-02T03:04:05Z')} as d`,
    );
    expect(text).toBe(
      `select '$1' as "$2",  E'O''Neil \\\\ x' as a, '12.5' as b, null as c, '2026-01-02T03:04:05.000Z' as d`,
    );
  });

  it('refuses a parameter it has no literal for', () => {
    expect(() => inlined(sql`select ${{ a: 1 }}`)).toThrow(TypeError);
  });
});
