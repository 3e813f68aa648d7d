const { require: load } = require('tsx/cjs/api');

/**
 * Runs modules of the project (TypeScript, by path or package name) in Node with tsx, as the scripts are run, for a
 * loader that replaces a module by what it computes. The project's files they read become the loader's dependencies,
 * and are forgotten afterwards, so that the next build reads them again.
 */
function loadModules(loader, ids) {
  const before = new Set(Object.keys(require.cache));
  try {
    return ids.map((id) => load(id, loader.resourcePath));
  } finally {
    for (const key of Object.keys(require.cache)) {
      if (before.has(key)) continue;
      // tsx keys each run's files by a namespace in the query.
      const file = key.replace(/\?.*$/, '');
      if (!file.includes('node_modules')) loader.addDependency(file);
      delete require.cache[key];
    }
  }
}

module.exports = { loadModules };
