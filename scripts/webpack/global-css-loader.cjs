// Replaces mf-shared/src/ui/global-css.ts by its result: Chakra's global stylesheet as text, computed here in Node
// from the same system the page uses, so that no page builds and serializes it again (see that module). The module
// is run with tsx, as the scripts are; the files it reads make the build's dependencies.
const { require: load } = require('tsx/cjs/api');

module.exports = function globalCssLoader() {
  const before = new Set(Object.keys(require.cache));
  const { globalCss } = load(this.resourcePath, __filename);
  for (const file of Object.keys(require.cache)) {
    if (before.has(file)) continue;
    if (!file.includes('node_modules')) this.addDependency(file);
    delete require.cache[file];
  }
  if (typeof globalCss !== 'string' || !globalCss.includes('--chakra-colors-')) {
    throw new Error('global-css-loader: the module gave no stylesheet with the colour tokens');
  }
  return `export const globalCss = ${JSON.stringify(globalCss)};\n`;
};
