// Fewer, larger files for the code every signed-in first screen runs. Module Federation makes a chunk of each shared
// module (React, ReactDOM, its client, the JSX runtime, each entry of mf-shared's library…), and webpack splits the
// packages of each one into a chunk of their own: a signed-in page downloaded 28 scripts, a dozen of them under 3 KB.
// Each file costs a round trip on one of the browser's six connections to the origin, during which that connection
// carries nothing: on a slow mobile network that waiting, not the bytes, was most of the time before the first
// screen. Families of shared modules that load together are one file each here; which module a share key gives
// (and so the version rules between the shell and the remotes) does not change, only the files they come in.

/**
 * Chunks a shared module asks for by name once the first screen is painted (`import(/* webpackChunkName: "rows" *\/
 * …)`): the list's rows (mf-shared/src/list/rows.tsx). No family takes code only they use into its first-screen
 * file; what they share with a family's file (Chakra's parts) stays in it, as it is loaded before them.
 */
const LATER = new Set(['rows']);
const later = (chunk) => [...chunk.groupsIterable].every((group) => LATER.has(group.name));

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

/** Whether every share key of a set is allowed; a set without keys (a chunk of an import()) is not. */
const within = (keys, allowed) => keys.size > 0 && [...keys].every((key) => allowed.has(key));

/**
 * Whether a chunk loads only when one of the allowed shared modules has: it belongs to them, or it is a chunk of an
 * import() made only from their code (the drawer's and the dialog's panels, which /controls loads when first opened).
 */
function loadsWith(chunk, allowed) {
  const keys = shareKeys(chunk);
  if (keys.size > 0) return within(keys, allowed);
  return [...chunk.groupsIterable].every((group) => {
    const parents = [...group.parentsIterable];
    return parents.length > 0 && parents.every((parent) => parent.chunks.some((c) => within(shareKeys(c), allowed)));
  });
}

/**
 * A cache group for the modules that only the given shared modules load, or those and the shared modules in `with`,
 * each of which loads one of them whenever it loads (the form kit draws with the UI kit), and the code those import()
 * later: so that a page which loads none of them, /login say, downloads none of their code, and a module they share
 * with a form or a drawer's panel does not make a file of its own.
 */
function family(name, members, { with: along = [] } = {}) {
  const own = new Set(members);
  const allowed = new Set([...members, ...along]);
  return {
    name,
    chunks: 'async',
    enforce: true,
    test: (module, { chunkGraph }) => {
      // Only code: the federation's own modules (a consumer of a shared module, a provider) stay where the plugin
      // puts them; one moved into the family that provides what it consumes would wait on itself.
      if (module.type === 'consume-shared-module' || module.type === 'provide-module') return false;
      const chunks = [...chunkGraph.getModuleChunksIterable(module)].filter((chunk) => !later(chunk));
      return (
        chunks.length > 0 &&
        chunks.every((chunk) => loadsWith(chunk, allowed)) &&
        chunks.some((chunk) => [...shareKeys(chunk)].some((key) => own.has(key)))
      );
    },
  };
}

const entry = (name) => `@especifica/mf-shared/${name}`;
const withKit = [entry('list'), entry('forms')];

/**
 * The families. Every page: React with its renderer, the single-spa adapter every remote mounts with and the router;
 * the runtime with the plain entry (texts, theme colours, the remote boundary). Every signed-in page: the UI kit
 * with Chakra and emotion (/ui, /controls and /kit, which the header and every screen draw with). Once a signed-in
 * first screen is shown: the query client with its library (kit/data.ts). A screen with a table: the list (TanStack Table). A screen with a form: the form kit (react-hook-form,
 * zod, the masks). The list's and the form kit's own code are files of their own, loaded by the screens that use them.
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
  // Chakra draws with emotion, so whatever loads the UI kit loads emotion too: one file, not two.
  kit: family('kit', ['@emotion/react', entry('ui'), entry('controls'), entry('kit')], { with: withKit }),
  query: family('query', ['@tanstack/react-query', entry('runtime/query')]),
  list: family('list', [entry('list')]),
  forms: family('forms', [entry('forms')]),
};

function splitChunks() {
  return { cacheGroups: families };
}

module.exports = { splitChunks };
