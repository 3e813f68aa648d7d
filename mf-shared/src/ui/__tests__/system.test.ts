import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tokens as chakraTokens, recipes, slotRecipes } from '@chakra-ui/react/theme';
import { chakraTheme, getSystem } from '../system';
import { palette } from '../tokens';

const system = getSystem();

// The system carries only the recipes of the Chakra components the code uses. This reads which components every
// module imports from Chakra (or re-exports through the kit), finds in Chakra's own sources the recipe each one
// reads, and checks that the system has it: a component added without its recipe would be drawn unstyled.
const root = path.resolve(__dirname, '../../../..');
const chakraDist = path.dirname(require.resolve('@chakra-ui/react/package.json', { paths: [root] }));
const esm = path.join(chakraDist, 'dist/esm');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'node_modules' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The capture groups of every match of `pattern` in `text`. */
const matches = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => match.slice(1).map((group) => group ?? ''));

const files = ['mf-shared', 'shell', 'mf-auth', 'mf-participant', 'mf-cms'].flatMap((dir) =>
  sources(path.join(root, dir, 'src')),
);
const code = files.map((file) => readFileSync(file, 'utf8'));

const imported = new Set(
  code.flatMap((text) =>
    matches(text, /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g).flatMap(([names = '']) =>
      names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0] ?? name),
    ),
  ),
);

/** Chakra's index: which component folder each exported name comes from. */
function componentFolders(): Map<string, string> {
  const index = readFileSync(path.join(esm, 'index.js'), 'utf8');
  const folders = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const [alias = '', folder = ''] of matches(index, /import \* as (\S+) from '\.\/components\/([^/]+)\//g))
    namespaces.set(alias, folder);
  for (const [names = '', folder = ''] of matches(index, /export \{([^}]*)\} from '\.\/components\/([^/]+)\//g))
    for (const name of names.split(','))
      folders.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
        folder,
      );
  for (const [alias = '', name = ''] of matches(index, /export \{ (\S+) as (\S+) \};/g)) {
    const folder = namespaces.get(alias);
    if (folder) folders.set(name, folder);
  }
  return folders;
}

function recipeKeys(folder: string): string[] {
  const dir = path.join(esm, 'components', folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => matches(readFileSync(path.join(dir, file), 'utf8'), /key: "(\w+)"/g).map(([key = '']) => key));
}

/** Some components name a recipe Chakra's own theme does not have either (Text's "text"): they need none. */
const inChakraTheme = (key: string) => key in recipes || key in slotRecipes;
const has = (key: string) => system.isRecipe(key) || system.isSlotRecipe(key);

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the modules use', () => {
    const folders = componentFolders();
    const needed = new Set<string>();
    for (const name of imported) {
      const folder = folders.get(name);
      if (folder) for (const key of recipeKeys(folder)) needed.add(key);
    }
    for (const text of code)
      for (const [key = ''] of matches(text, /use(?:Slot)?Recipe\(\{ key: '(\w+)' \}\)/g)) needed.add(key);
    // The kit's drawer, table and status switch are among them: the scan found the components.
    expect([...needed]).toEqual(expect.arrayContaining(['drawer', 'dialog', 'table', 'switch', 'button', 'badge']));
    expect([...needed].filter((key) => inChakraTheme(key) && !has(key))).toEqual([]);
  });

  it('has every colour and palette the modules name', () => {
    // Chakra's palettes and the kit's families, named in the code as a palette ('error') or a colour ('error.600').
    const families = [...Object.keys(chakraTokens.colors ?? {}), ...Object.keys(palette)].filter(
      (name) => !['transparent', 'current', 'black', 'white'].includes(name),
    );
    // The system's own module names the colours it keeps and leaves out.
    const users = files.filter((file) => !file.endsWith(path.join('ui', 'system.ts')));
    const named = new Set(
      users.flatMap((file) =>
        matches(readFileSync(file, 'utf8'), /['"`]([a-zA-Z]+)((?:\.\w+)?)['"`]/g)
          .filter(([family = '']) => families.includes(family))
          .map(([family = '', step = '']) => family + step),
      ),
    );
    // The status badges, their materials and the feedback roles are among them: the scan found the names.
    expect([...named]).toEqual(expect.arrayContaining(['success', 'error', 'stone', 'brass', 'error.fg']));
    const missing = [...named].filter((name) => {
      const token = name.includes('.') ? name : `${name}.solid`;
      return !system.tokens.getByName(`colors.${token}`);
    });
    expect(missing).toEqual([]);
  });

  it('resolves every translucent colour its recipes and styles read, and they read no fraction size', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(strings)
          : [];
    const theme = chakraTheme.theme ?? {};
    const read = strings([
      theme.recipes,
      theme.slotRecipes,
      theme.textStyles,
      theme.layerStyles,
      theme.animationStyles,
      chakraTheme.globalCss,
    ]);
    const translucent = read.filter((value) => /^(white|black)Alpha\.\d+$/.test(value));
    // The dialog's and the drawer's backdrop: the scan found the recipes' values.
    expect(translucent).toContain('blackAlpha.500');
    expect(translucent.filter((value) => !system.tokens.getByName(`colors.${value}`))).toEqual([]);
    expect(read.filter((value) => /^\d+\/\d+$/.test(value))).toEqual([]);
    // What the system leaves out of Chakra's tokens, since nothing reads it.
    expect(system.tokens.getByName('colors.whiteAlpha.500')).toBeUndefined();
    expect(system.tokens.getByName('colors.blackAlpha.600')).toBeUndefined();
    expect(system.tokens.getByName('sizes.1/2')).toBeUndefined();
    expect(system.tokens.getByName('sizes.full')).toBeDefined();
  });

  it('leaves out the recipes of components nobody uses, and the palettes', () => {
    for (const unused of ['accordion', 'datePicker', 'carousel', 'colorPicker', 'treeView'])
      expect(has(unused)).toBe(false);
    // And Chakra's palettes other than gray: the kit's families take their places.
    for (const unused of ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'])
      expect(system.tokens.getByName(`colors.${unused}.500`)).toBeUndefined();
  });
});
