// Replaces a `.parts.ts` module (the styles of a piece drawn as plain parts, `partsStyles` in mf-shared/src/ui/parts.ts)
// by the classes it makes, computed here in Node from the same system the page uses: resolving them through Chakra's
// tokens and recipes took a signed-in page 15 to 20 ms of its first screen in desktop Chromium, four times that on a
// phone. Such a module exports only parts.
const { loadModules } = require('./load-modules.cjs');

module.exports = function partsLoader() {
  const [parts, { getSystem }] = loadModules(this, [this.resourcePath, '@especifica/mf-shared/ui']);
  const system = getSystem();
  const lines = ["import { builtParts } from '@especifica/mf-shared/ui';"];
  for (const [name, make] of Object.entries(parts)) {
    const made = typeof make === 'function' ? make(system) : undefined;
    if (typeof made?.name !== 'string' || typeof made.styles !== 'string' || made.next !== undefined) {
      throw new Error(`parts-loader: ${this.resourcePath} exports ${name}, which is not made by partsStyles`);
    }
    lines.push(`export const ${name} = builtParts(${JSON.stringify({ name: made.name, styles: made.styles })});`);
  }
  return `${lines.join('\n')}\n`;
};
