import { afterShown, firstScreen, loadTypeface, SHOWN_LIMIT_MS } from '@especifica/mf-shared';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/**
 * Loads the interface's typeface (mf-shared/src/theme/fonts.ts) once the page's first screen is shown: a signed-in
 * page's when its hold is released (FirstScreen), before its reads; any other page's (/login) once the frame of its
 * first mounted application is shown. Until then the page draws with the local face sized to Inter's metrics
 * (index.html), so the 48 KB file does not share a slow network with the code that draws the first screen, and
 * nothing moves when it arrives.
 */
export function loadTypefaceAfterFirstScreen(held: boolean): void {
  const load = () => void loadTypeface(interLatin);
  if (held) {
    void firstScreen.ready.then(load);
    return;
  }
  window.addEventListener('single-spa:first-mount', () => afterShown(load, SHOWN_LIMIT_MS), { once: true });
}
