// Jest's transform for the modules the build replaces by what they compute (global-css-loader.cjs, parts-loader.cjs):
// the same loaders make their code here, then swc compiles it as it compiles every other file, so that the tests run
// the code the pages run. What the loaders compute depends on the kit's modules (the system, its tokens), so their
// result is kept in jest's cache only while mf-shared's sources, the patches and this directory are unchanged.
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { createTransformer } = require('@swc/jest');

const root = path.resolve(__dirname, '../..');
const loaders = [
  [/mf-shared[\\/]src[\\/]ui[\\/]global-css\.ts$/, require('./global-css-loader.cjs')],
  [/\.parts\.ts$/, require('./parts-loader.cjs')],
];

/** A hash of every file under `dirs` (tests left out): what a loader's result may depend on. */
function inputsHash(dirs) {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const full = path.join(file.parentPath, file.name);
      if (!file.isFile() || full.includes(`${path.sep}__tests__${path.sep}`)) continue;
      hash.update(full).update(readFileSync(full));
    }
  }
  return hash.digest('hex');
}

let inputs;

module.exports = {
  createTransformer(swcOptions) {
    const swc = createTransformer(swcOptions);
    const built = (source, file) => {
      const loader = loaders.find(([test]) => test.test(file))?.[1];
      return loader ? loader.call({ resourcePath: file, addDependency() {} }) : source;
    };
    return {
      canInstrument: false,
      getCacheKey(source, file, options) {
        inputs ??= inputsHash([path.join(root, 'mf-shared/src'), path.join(root, 'patches'), __dirname]);
        return createHash('sha256')
          .update(swc.getCacheKey(source, file, options))
          .update(inputs)
          .digest('hex');
      },
      process(source, file, options) {
        return swc.process(built(source, file), file, options);
      },
    };
  },
};
