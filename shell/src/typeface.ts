import { afterShown, DISPLAY_FAMILY, firstScreen, loadTypeface, SHOWN_LIMIT_MS } from '@especifica/mf-shared';
import newsreaderLatin from '@fontsource/newsreader/files/newsreader-latin-600-normal.woff2';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/**
 * Loads the interface's typeface and the display face of headings (mf-shared/src/theme/fonts.ts) once the page's
 * first screen is shown: a signed-in page's when its hold is released (FirstScreen) and its first reads are answered
 * (`quiet`, the API client's), any other page's (/login) once the frame of its first mounted application is shown.
 * Until then the page draws with local faces sized to their metrics (index.html), so the files (48 and 24 KB) do not
 * share a slow network with the code and data that draw the first screen, and little moves when they arrive.
 */
export function loadTypefaceAfterFirstScreen(held: boolean, quiet: () => Promise<void>): void {
  const load = () => {
    void loadTypeface(interLatin);
    void loadTypeface(newsreaderLatin, DISPLAY_FAMILY);
  };
  if (held) {
    // A signed-in page's screen waits for its reads, which leave once the first screen is shown: the files follow
    // them, so that they do not share a slow network with the data the screen is waiting for.
    void firstScreen.ready.then(quiet).then(load);
    return;
  }
  window.addEventListener('single-spa:first-mount', () => afterShown(load, SHOWN_LIMIT_MS), { once: true });
}
