import { type SystemContext, type SystemStyleObject, useChakraContext } from '@chakra-ui/react';
import { type EmotionCache, __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { type SerializedStyles, serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';
import { useInsertionEffect } from 'react';

/**
 * `make(system)` worked out once per system and kept. Kept by the system's recipe function, not by the system: the
 * kit's provider hands Chakra a copy of the system (provider.tsx), which shares its functions.
 */
export function perSystem<T>(make: (system: SystemContext) => T): (system: SystemContext) => T {
  const kept = new WeakMap<SystemContext['getRecipeFn'], T>();
  return (system) => {
    let value = kept.get(system.getRecipeFn);
    if (value === undefined) {
      value = make(system);
      kept.set(system.getRecipeFn, value);
    }
    return value;
  };
}

/**
 * A grid of equal columns per breakpoint (`{ base: 1, md: 3 }`), as Chakra's SimpleGrid lays its `columns` out, for a
 * piece drawn as plain parts.
 */
export function gridColumns(columns: Record<string, number>, gap: string): SystemStyleObject {
  return {
    display: 'grid',
    gap,
    gridTemplateColumns: Object.fromEntries(
      Object.entries(columns).map(([breakpoint, count]) => [breakpoint, `repeat(${count}, minmax(0, 1fr))`]),
    ),
  };
}

/** The styles of a piece's parts as one class: made by `partsStyles`, applied by `usePartsClass`. */
export type Parts = (system: SystemContext) => SerializedStyles;

/**
 * The styles of a piece drawn as plain elements (a header, a page's cards), its parts named by data attributes
 * (`'& [data-panel]': {...}`), made into one class once per system: resolved through the system's tokens and
 * conditions, and serialized, the first time a piece asks for them. A Chakra component per part resolves, serializes
 * and hashes its styles at every render; a piece of twenty parts drawn three times while its data arrives did that
 * sixty times.
 */
export function partsStyles(make: (system: SystemContext) => SystemStyleObject): Parts {
  return perSystem((system) => serializeStyles([system.css(make(system))]));
}

/**
 * The styles of a screen's own piece, its parts named by the keys of `parts`: `root` styles the element that carries
 * the class, each part the elements that `partProps` names so. A part's flags and children nest in its own styles
 * (`'&[data-loss]'`, `'& > h2'`). The names are the part's type: a component names only parts that have styles.
 */
export type NamedParts<N extends string> = Parts & { readonly partNames?: N };

export function defineParts<const N extends string>(
  make: (system: SystemContext) => { root?: SystemStyleObject; parts: Record<N, SystemStyleObject> },
): NamedParts<N> {
  return partsStyles((system) => {
    const { root, parts } = make(system);
    const styles: Record<string, SystemStyleObject> = {};
    for (const [name, style] of Object.entries<SystemStyleObject>(parts)) styles[`& ${partSelectorOf(name)}`] = style;
    return { ...root, ...styles } as SystemStyleObject;
  });
}

// A space-separated list of names, so that one element can be two parts (`part('people', 'figures')`).
const partSelectorOf = (name: string) => `[data-part~=${name}]`;

/**
 * The props that make an element one or more of the parts of `parts`: `const part = partProps(dashboardParts)`, then
 * `<div {...part('panel')}>`. Only the names are read from `parts`' type; a build's parts are only their class.
 */
export function partProps<N extends string>(_parts: NamedParts<N>): (...names: [N, ...N[]]) => { 'data-part': string } {
  return (...names) => ({ 'data-part': names.join(' ') });
}

/** The CSS selector of one part of `parts`, for a test's query. */
export function partSelector<N extends string>(_parts: NamedParts<N>, name: NoInfer<N>): string {
  return partSelectorOf(name);
}

/**
 * A class made at build time: every build, and jest, replace each `.parts.ts` module's `partsStyles` by what it makes
 * for the page's system (`scripts/webpack/parts-loader.cjs`, `scripts/webpack/jest-transform.cjs`), so that a page
 * resolves none of them.
 */
export function builtParts(serialized: SerializedStyles): Parts {
  return () => serialized;
}

// The page's emotion cache, as the first piece found it: lets `prepareParts` insert a class before a piece asks.
let pageCache: EmotionCache | undefined;

/** The class of `parts` for the system in context, inserted into the page's sheet before the piece is painted. */
export function usePartsClass(parts: Parts): string {
  // Emotion's context holds its default cache wherever there is a DOM; only a server render has none.
  const cache = useEmotionCache() as EmotionCache;
  const serialized = parts(useChakraContext());
  pageCache ??= cache;
  useInsertionEffect(() => {
    insertStyles(cache, serialized, false);
  }, [cache, serialized]);
  return `${cache.key}-${serialized.name}`;
}

/**
 * Makes and inserts the class of `parts` ahead of the piece that shows it (while its data is on its way), so that the
 * piece's drawing neither serializes nor parses it. Only makes it until a piece has shown the page's cache.
 */
export function prepareParts(parts: Parts, system: SystemContext): void {
  const serialized = parts(system);
  if (pageCache) insertStyles(pageCache, serialized, false);
}
