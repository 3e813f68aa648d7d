// Chakra's createSystem builds its global stylesheet (reset, global styles, every token as a CSS variable) as style
// objects on every page. The build carries that stylesheet as text instead (global-css-loader.cjs), so here
// createSystem skips it. If Chakra changes that line, the build stops rather than building it twice.
const GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

module.exports = function chakraSystemLoader(source) {
  if (!source.includes(GLOBAL)) {
    throw new Error(`chakra-system-loader: "${GLOBAL}" is not in ${this.resourcePath}; check Chakra's createSystem`);
  }
  return source.replace(GLOBAL, 'const _global = [];');
};
