import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FONT_FAMILY, fonts } from '../fonts';

const root = path.resolve(__dirname, '../../../..');
const page = readFileSync(path.join(root, 'shell/public/index.html'), 'utf8');
const face = page.match(/@font-face\s*{([^}]*)}/)?.[1] ?? '';
const fontFile = face.match(/require\('([^']+)'\)/)?.[1] ?? '';

describe('the interface typeface', () => {
  it('is declared by the shell page under the family the tokens name, shown with fallback text until it arrives', () => {
    expect(face).toContain(`font-family: '${FONT_FAMILY}';`);
    expect(face).toContain('font-display: swap;');
    // Every weight the tokens use (300 to 700) comes from the one variable file.
    expect(face).toContain('font-weight: 100 900;');
    expect(page).toContain(`font-family: ${fonts.body};`);
    expect(page).toMatch(new RegExp(`rel="preload" href="<%= require\\('${fontFile}'\\) %>" as="font"`));
  });

  it('comes from the npm package, its latin subset, in no more than 60 KB', () => {
    expect(fontFile).toBe('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
    expect(statSync(require.resolve(fontFile)).size).toBeLessThanOrEqual(60 * 1024);
  });
});
