import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { getSystem } from '@especifica/mf-shared/ui';
import { logoParts, menuParts } from '../../controls/controls.parts';

// The production build makes each `.parts.ts` module's classes in Node (scripts/webpack/parts-loader.cjs): checked
// here against what the page would make of the same module for the same system.
const root = path.resolve(__dirname, '../../../..');
const loader = path.join(root, 'scripts/webpack/parts-loader.cjs');

/** The loader's output for `file`, run in a process of its own as the build runs it (tsx refuses jest's modules). */
function built(file: string): string {
  const script = `
    const deps = [];
    const out = require(${JSON.stringify(loader)}).call({ resourcePath: ${JSON.stringify(file)}, addDependency: (f) => deps.push(f) });
    process.stdout.write(JSON.stringify({ out, deps }));
  `;
  const { out, deps } = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root }).toString());
  expect(deps).toContain(file);
  return out;
}

describe('the classes of plain parts, made at build time', () => {
  it('are the classes the page makes of the same module, for the same system', () => {
    const out = built(path.join(root, 'mf-shared/src/controls/controls.parts.ts'));
    expect(out).toMatch(/^import \{ builtParts \} from '@especifica\/mf-shared\/ui';\n/);
    const system = getSystem();
    for (const [name, parts] of Object.entries({ logoParts, menuParts })) {
      const { name: hash, styles } = parts(system);
      expect(out).toContain(`export const ${name} = builtParts(${JSON.stringify({ name: hash, styles })});`);
    }
    expect(out.match(/^export const/gm)).toHaveLength(2);
  }, 30_000);

  it('refuses a module that exports anything else', () => {
    expect(() => built(path.join(root, 'mf-shared/src/ui/tokens.ts'))).toThrow(/is not made by partsStyles/);
  }, 30_000);
});
