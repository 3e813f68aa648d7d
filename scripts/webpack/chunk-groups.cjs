// Fewer, larger files for the code every signed-in first screen runs. Module Federation makes a chunk of each shared
// module (React, ReactDOM, its client, the JSX runtime, each entry of mf-shared's library…), and webpack splits the
// packages of each one into a chunk of their own: a signed-in page downloaded 28 scripts, a dozen of them under 3 KB.
// Each file costs a round trip on one of the browser's six connections to the origin, during which that connection
// carries nothing: on a slow mobile network that waiting, not the bytes, was most of the time before the first
// screen. Families of shared modules that load together are one file each here; which module a share key gives
// (and so the version rules between the shell and the remotes) does not change, only the files they come in.

/** Share keys of the chunk groups a chunk belongs to (the shared modules it provides or falls back to). */
function shareKeys(chunk) {
  const keys = new Set();
  for (const group of chunk.groupsIterable)
    for (const origin of group.origins) {
      const module = origin.module;
      if (module?.type === 'provide-module') keys.add(module._name);
      if (module?.type === 'consume-shared-module') keys.add(module.options.shareKey);
    }
  return keys;
}

/**
 * A cache group for the modules that only the given shared modules load, or those and the shared modules in `with`,
 * each of which loads one of them whenever it loads (the form kit draws with the UI kit): so that a page which loads
 * none of them, /login say, downloads none of their code, and a module they share with a form does not make a file
 * of its own.
 */
function family(name, members, { with: along = [] } = {}) {
  const own = new Set(members);
  const allowed = new Set([...members, ...along]);
  return {
    name,
    chunks: 'async',
    enforce: true,
    test: (module, { chunkGraph }) => {
      const keys = [...chunkGraph.getModuleChunksIterable(module)].map(shareKeys);
      return (
        keys.length > 0 &&
        keys.every((set) => set.size > 0 && [...set].every((key) => allowed.has(key))) &&
        keys.some((set) => [...set].some((key) => own.has(key)))
      );
    },
  };
}

const entry = (name) => `@especifica/mf-shared/${name}`;
const withKit = [entry('list'), entry('forms')];

/**
 * The families. Every page: React with its renderer, the single-spa adapter every remote mounts with and the router;
 * the runtime with the plain entry (texts, theme colours, the remote boundary). Every signed-in page: emotion; the
 * UI kit with Chakra (/ui, /controls and /kit, which the header and every screen draw with); the query client's
 * library. The list's and the form kit's own code stay apart: a screen without a table or a form does not load it.
 */
const families = {
  react: family('react', [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'react-dom/client',
    'single-spa-react',
    entry('router'),
  ]),
  runtime: family('runtime', ['@especifica/mf-shared', entry('plain')], {
    with: [entry('ui'), entry('controls'), entry('kit'), entry('runtime/query'), ...withKit],
  }),
  emotion: family('emotion', ['@emotion/react'], { with: [entry('ui'), entry('controls'), entry('kit'), ...withKit] }),
  kit: family('kit', [entry('ui'), entry('controls'), entry('kit')], { with: withKit }),
  query: family('query', ['@tanstack/react-query', entry('runtime/query')]),
};

function splitChunks() {
  return { cacheGroups: families };
}

module.exports = { splitChunks, families };
