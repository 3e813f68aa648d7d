import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Parts } from '@especifica/mf-shared/ui';
import { getSystem } from '@especifica/mf-shared/ui';
import { transformSync } from '@swc/core';
import * as built from '../../controls/controls.parts';

// Every build, and jest, make each `.parts.ts` module's classes in Node (scripts/webpack/parts-loader.cjs, run by
// scripts/webpack/jest-transform.cjs here): the module imported above is the built one. Checked against the module as
// written, run here as the page would run it without the loader.
const root = path.resolve(__dirname, '../../../..');
const controls = path.join(root, 'mf-shared/src/controls/controls.parts.ts');

/** A `.parts.ts` module compiled as written, without the loader. */
function asWritten(file: string): Record<string, Parts> {
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} as Record<string, Parts> };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

describe('the classes of plain parts, made at build time', () => {
  it('are the classes the module as written makes, for the same system', () => {
    const system = getSystem();
    const written = asWritten(controls);
    expect(Object.keys(built).sort()).toEqual(Object.keys(written).sort());
    for (const [name, parts] of Object.entries(written)) {
      const made = (built as Record<string, Parts>)[name] as Parts;
      expect(made(system)).toEqual(parts(system));
      // Built: the same class whatever the system asked, nothing resolved at run time.
      expect(made({} as never)).toBe(made(system));
    }
  });

  it('refuses a module that exports anything else', () => {
    // In a process of its own, as the build runs it (tsx refuses jest's sandbox).
    const loader = path.join(root, 'scripts/webpack/parts-loader.cjs');
    const tokens = path.join(root, 'mf-shared/src/ui/tokens.ts');
    const script = `require(${JSON.stringify(loader)}).call({ resourcePath: ${JSON.stringify(tokens)}, addDependency() {} })`;
    expect(() => execFileSync(process.execPath, ['-e', script], { cwd: root, stdio: 'pipe' })).toThrow(
      /is not made by partsStyles/,
    );
  }, 30_000);
});
