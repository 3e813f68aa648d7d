// Chakra's createSystem (its token dictionary, its utilities) is one synchronous call: the longest task of a
// signed-in page's start, 50-75 ms unthrottled here, four times that in Lighthouse's phone. This loader makes it a
// generator of the same steps with a pause between them, `createSystem.steps(...configs)`, which the kit runs one
// step per task (mf-shared/src/ui/system.ts); `createSystem` itself runs every step at once and answers as before.
// Each edit must find its text exactly once, or the build stops: a changed Chakra is checked again, not half-edited.

/** Runs a generator of steps to its end and answers its value. */
const RUN = `function runSteps(steps) {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
`;

const EDITS = {
  'token-dictionary.js': [
    [
      'function createTokenDictionary(options) {',
      `${RUN}function createTokenDictionary(options) {
  return runSteps(createTokenDictionarySteps(options));
}
function* createTokenDictionarySteps(options) {`,
    ],
    [
      `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }`,
      `  function* build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    yield;
    addConditionalTokens();
    addReferences();
    yield;
    expandTokenReferences$1();
    yield;
    applyMiddlewares("post");
    applyTransforms("post");
    yield;
    setupViews();
  }`,
    ],
    [
      `  registerTokens();
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  build();
  return dictionary;`,
      `  registerTokens();
  yield;
  registerTransform(...tokenTransforms);
  registerMiddleware(...tokenMiddlewares);
  yield* build();
  return dictionary;`,
    ],
    [
      'export { createTokenDictionary, tokenCategories };',
      'export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };',
    ],
  ],
  'system.js': [
    [
      "import { createTokenDictionary } from './token-dictionary.js';",
      "import { createTokenDictionarySteps } from './token-dictionary.js';",
    ],
    [
      'function createSystem(...configs) {',
      `${RUN}function createSystem(...configs) {
  return runSteps(createSystemSteps(...configs));
}
createSystem.steps = createSystemSteps;
function* createSystemSteps(...configs) {`,
    ],
    ['  const tokens = createTokenDictionary({', '  yield;\n  const tokens = yield* createTokenDictionarySteps({'],
    [
      `  const utility = createUtility({
    config: utilities,
    tokens
  });`,
      `  yield;
  const utility = createUtility({
    config: utilities,
    tokens
  });
  yield;`,
    ],
  ],
};

function stepsOf(source, file) {
  const edits = EDITS[file];
  if (!edits) throw new Error(`chakra-steps-loader: no edits for ${file}`);
  let result = source;
  for (const [from, to] of edits) {
    const at = result.indexOf(from);
    if (at < 0 || result.indexOf(from, at + 1) >= 0) {
      throw new Error(`chakra-steps-loader: "${from.split('\n')[0]}" is not once in ${file}; check Chakra's ${file}`);
    }
    result = result.slice(0, at) + to + result.slice(at + from.length);
  }
  return result;
}

module.exports = function chakraStepsLoader(source) {
  return stepsOf(source, require('node:path').basename(this.resourcePath));
};
module.exports.stepsOf = stepsOf;
module.exports.FILES = Object.keys(EDITS);
