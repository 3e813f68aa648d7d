import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** mf-shared's versioned library entries (scripts/webpack/config.cjs `library`). */
const LIBRARY = /^@especifica\/mf-shared\/[a-z-]+$/;
const SHELL = 'shell';

interface ShareEntry {
  from: string;
}
type ScopeMap = Record<string, Record<string, Record<string, ShareEntry>>>;

/**
 * Keeps each module's UI library in one piece. Chakra's and the router's React contexts live inside the library's
 * entries, so a module must take all of them from one build: the shell's, when the shell provides every entry at
 * exactly the version the module was built with, or else its own. Without this, two remotes built against the same
 * older mf-shared could take the UI kit from one and the list kit from the other, and a component would not find its
 * provider ("forgot to wrap component within <ChakraProvider />").
 */
export function libraryPlugin(): ModuleFederationRuntimePlugin {
  const fromShell = new Map<string, boolean>();
  return {
    name: 'especifica-library',
    // Another version of a remote may be built against another mf-shared: decide again for it.
    registerRemote(args) {
      fromShell.delete(args.remote.name);
      return args;
    },
    resolveShare(args) {
      if (!LIBRARY.test(args.pkgName)) return args;
      const consumer = args.shareInfo.from;
      const version = args.shareInfo.shareConfig?.requiredVersion;
      const packages = (args.shareScopeMap as unknown as ScopeMap)[args.scope] ?? {};
      if (typeof version !== 'string') return args;
      if (!fromShell.has(consumer)) {
        const entries = Object.keys(packages).filter((name) => LIBRARY.test(name));
        fromShell.set(
          consumer,
          entries.every((name) => packages[name]?.[version]?.from === SHELL),
        );
      }
      const home = fromShell.get(consumer) ? SHELL : consumer;
      args.resolver = () => {
        const entry = packages[args.pkgName]?.[version];
        // Nothing answered: the consumer loads the copy its own build carries.
        return entry && entry.from === home ? { shared: entry as never, useTreesShaking: false } : undefined;
      };
      return args;
    },
  };
}
