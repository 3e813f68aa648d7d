import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Changes to a dependency's code are patch files applied at install (`patch-package`, the root's postinstall), each
// named after the version it was written for: `patches/<scope>+<name>+<version>[+<order>+<what>].patch`. A patch
// for another version may apply and do something else, or nothing: an upgrade must go through docs/upgrading.md.
const root = path.resolve(__dirname, '../../..');

interface Patch {
  file: string;
  pkg: string;
  version: string;
}

/** The package and version a patch file's name gives. */
function parsePatchName(file: string): Patch {
  const parts = file.replace(/\.patch$/, '').split('+');
  const scoped = parts[0]?.startsWith('@');
  const pkg = scoped ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
  const version = parts[scoped ? 2 : 1];
  if (!version || !/^\d+\.\d+\.\d+/.test(version)) throw new Error(`${file}: no version in the name`);
  return { file, pkg, version };
}

/** Every patch of `dir` whose package, as installed under `modules`, is not the version the patch names. */
function mismatches(dir: string, modules: string): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.patch'))
    .map(parsePatchName)
    .flatMap(({ file, pkg, version }) => {
      const installed = JSON.parse(readFileSync(path.join(modules, pkg, 'package.json'), 'utf8')).version;
      return installed === version ? [] : [`${file} is for ${pkg} ${version}, but ${installed} is installed`];
    });
}

/** The lines a patch adds, per file it changes (paths from the project's root). */
function addedLines(patch: string): Map<string, string[]> {
  const added = new Map<string, string[]>();
  let lines: string[] = [];
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) {
      lines = [];
      added.set(target[1] as string, lines);
    } else if (line.startsWith('+') && line.trim() !== '+') lines.push(line.slice(1));
  }
  return added;
}

const patchesDir = path.join(root, 'patches');
const patches = readdirSync(patchesDir).filter((file) => file.endsWith('.patch'));

describe('the patches of dependencies', () => {
  it('are each written for the version installed', () => {
    expect(patches.length).toBeGreaterThan(0);
    expect(mismatches(patchesDir, path.join(root, 'node_modules'))).toEqual([]);
  });

  it('are applied: every line they add is in the installed file', () => {
    for (const file of patches) {
      for (const [target, lines] of addedLines(readFileSync(path.join(patchesDir, file), 'utf8'))) {
        const installed = readFileSync(path.join(root, target), 'utf8');
        const missing = lines.filter((line) => !installed.includes(line));
        expect({ file, target, missing }).toEqual({ file, target, missing: [] });
      }
    }
  });

  it('are told apart by the version in their name, scoped or not', () => {
    expect(parsePatchName('@chakra-ui+react+3.37.0+001+create-system-steps.patch')).toMatchObject({
      pkg: '@chakra-ui/react',
      version: '3.37.0',
    });
    expect(parsePatchName('react-router+7.18.5.patch')).toMatchObject({ pkg: 'react-router', version: '7.18.5' });
    expect(() => parsePatchName('react-router.patch')).toThrow(/no version/);
    // A package moved to another version than its patch's is reported.
    const dir = mkdtempSync(path.join(tmpdir(), 'patches-'));
    mkdirSync(path.join(dir, 'node_modules/@scope/pkg'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/@scope/pkg/package.json'), JSON.stringify({ version: '2.0.0' }));
    writeFileSync(path.join(dir, '@scope+pkg+1.4.2.patch'), '');
    expect(mismatches(dir, path.join(dir, 'node_modules'))).toEqual([
      '@scope+pkg+1.4.2.patch is for @scope/pkg 1.4.2, but 2.0.0 is installed',
    ]);
  });
});

describe("the federation runtime's version check", () => {
  it('answers as before, and works out each version and range once', () => {
    const semver = require(path.join(root, 'node_modules/@module-federation/runtime-core/dist/utils/semver/index.cjs'));
    expect(semver.satisfy('19.2.1', '^19.0.0')).toBe(true);
    expect(semver.satisfy('20.0.0', '^19.0.0')).toBe(false);
    expect(semver.satisfy('6.4.0', '6.4.0')).toBe(true);
    expect(semver.satisfy('6.4.1', '6.4.0')).toBe(false);
    const exec = jest.spyOn(RegExp.prototype, 'exec');
    try {
      semver.satisfy('1.2.3', '>=1.0.0 <2.0.0');
      const first = exec.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(semver.satisfy('1.2.3', '>=1.0.0 <2.0.0')).toBe(true);
      expect(exec.mock.calls.length).toBe(first);
    } finally {
      exec.mockRestore();
    }
  });
});
