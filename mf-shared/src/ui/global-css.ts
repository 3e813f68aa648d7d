import { css } from '@emotion/react';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { getSystem } from './system';

/**
 * Chakra's global stylesheet (its reset, the global styles and every token as a CSS variable, in both themes) as CSS
 * text, in emotion's own serialization. Built as style objects and serialized by emotion on every page, it was about
 * 50 ms of a signed-in page's first task, for a text that changes only with the tokens. Every build (development and
 * production alike) and jest replace this module by the text itself, computed once in Node
 * (`scripts/webpack/global-css-loader.cjs`, `scripts/webpack/jest-transform.cjs`); Chakra's `createSystem` makes the
 * objects only when they are read (`patches/`), which the page never does.
 */
const system = getSystem();
const styles = [system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()];
export const globalCss =
  system.layers.atRule + serialize(compile(css(styles).styles), middleware([prefixer, stringify]));
