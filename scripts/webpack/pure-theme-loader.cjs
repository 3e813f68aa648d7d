// Chakra's theme files define each recipe, token group and style set as `const x = defineRecipe({...})`, where
// every define* is the identity function, but unmarked: the bundler must then keep all ~80 recipes of the theme's
// index even when the system takes a dozen (mf-shared/src/ui/system.ts). Marking those calls pure lets it drop the
// recipes nobody uses. Only calls of Chakra's own define* helpers in its theme folder are marked.
const DEFINITION =
  /=\s*(define(?:Config|Recipe|SlotRecipe|Style|Keyframes|GlobalStyles|TextStyles|LayerStyles|AnimationStyles|Tokens\.\w+|SemanticTokens\.\w+)\()/g;

module.exports = function pureThemeLoader(source) {
  return source.replace(DEFINITION, '= /* @__PURE__ */ $1');
};
