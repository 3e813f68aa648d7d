import { css } from '@emotion/react';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { getSystem } from './system';

/**
 * Chakra's global stylesheet (its reset, the global styles and every token as a CSS variable, in both themes) as CSS
 * text, in emotion's own serialization. Chakra's `createSystem` builds it as style objects, and emotion serialized
 * them again on every page: about 50 ms of a signed-in page's first task, for a text that changes only with the
 * tokens. The production build replaces this module by the text itself, computed once in Node
 * (`scripts/webpack/global-css-loader.cjs`), and has `createSystem` skip building the objects
 * (`scripts/webpack/chakra-system-loader.cjs`); tests and the development build compute it here.
 */
const system = getSystem();
export const globalCss =
  system.layers.atRule + serialize(compile(css(system._global).styles), middleware([prefixer, stringify]));
