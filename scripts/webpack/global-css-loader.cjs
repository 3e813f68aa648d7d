// Replaces mf-shared/src/ui/global-css.ts by its result: Chakra's global stylesheet as text, computed here in Node
// from the same system the page uses, so that no page builds and serializes it again (see that module).
const { loadModules } = require('./load-modules.cjs');

module.exports = function globalCssLoader() {
  const [{ globalCss }] = loadModules(this, [this.resourcePath]);
  if (typeof globalCss !== 'string' || !globalCss.includes('--chakra-colors-')) {
    throw new Error('global-css-loader: the module gave no stylesheet with the colour tokens');
  }
  return `export const globalCss = ${JSON.stringify(globalCss)};\n`;
};
