/**
 * Runs `run` once the browser has painted the frame it is preparing: the next frame's animation callback, then a
 * task. Returns the cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `then` once the typefaces the page is loading have arrived, at once when none is loading. A text whose
 * typeface is still loading is not reported as a largest paint until the typeface is there: the screen's heading,
 * drawn in a frame before Inter had arrived (on a busy phone, the font's decoding comes after the screen's code), was
 * reported 500 to 800 ms after it was committed, right after the font's arrival.
 */
function afterFonts(then: () => void): () => void {
  const fonts = globalThis.document?.fonts;
  if (fonts?.status !== 'loading') {
    then();
    return () => undefined;
  }
  let cancelled = false;
  void fonts.ready.then(() => {
    if (!cancelled) then();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * Runs `run` once the frame the browser is preparing is on screen. Where the browser reports its largest paints
 * (Chromium), that is when it reports the next one: the frame's presentation, which can come a frame or more after
 * the next frame's callbacks (`afterNextPaint`), and is the moment a page's largest paint is timed by. A frame that
 * holds nothing larger than what was shown before is not reported: then `run` runs `limitMs` after `afterNextPaint`
 * and after the typefaces being loaded have arrived (`afterFonts`), since the texts waiting for them are reported only
 * then. Elsewhere `run` runs at `afterNextPaint`. Returns the cancel.
 */
export function afterShown(run: () => void, limitMs: number): () => void {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    return afterNextPaint(run);
  }
  const since = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelFonts: () => void = () => undefined;
  const stop = () => {
    observer.disconnect();
    cancelPaint();
    cancelFonts();
    clearTimeout(timer);
  };
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.startTime >= since)) return;
    stop();
    run();
  });
  observer.observe({ type: 'largest-contentful-paint' });
  const cancelPaint = afterNextPaint(() => {
    cancelFonts = afterFonts(() => {
      timer = setTimeout(() => {
        stop();
        run();
      }, limitMs);
    });
  });
  return stop;
}

/** How long after the next frame a first screen whose paint is not reported as a largest paint is taken as shown. */
export const SHOWN_LIMIT_MS = 250;

/**
 * The first screen of a signed-in page, drawn before the page calls the API. Its heading, the largest thing it shows
 * at once, needs React, the UI kit and the screen's code, not axios nor the screen's data: while `ready` is held, the
 * API client waits before it loads axios, so that neither axios (18 KB compressed) nor the reads share the network
 * with the code that draws the screen, and the heading is painted sooner. The shell holds it before a signed-in
 * screen is drawn; the screen's routes call `drawn` when their first screen has been committed, and `ready` resolves
 * once that frame is shown (`afterShown`), or after the hold's time limit (a screen that failed to load, a tab in the
 * background).
 */
export class FirstScreen {
  /** Set while the first screen is held: the release. */
  #release: (() => void) | undefined;
  #held = false;
  /** What waits for `ready` while it is held, in the order it asked. */
  #waiting: (() => void)[] = [];

  /**
   * Resolved unless the first screen is held and not yet shown. Once it is shown, what waited goes on one per task,
   * in the order it asked: together they start the page's reads, axios, the query library and the rows' code, which
   * were one task of 30 to 40 ms in desktop Chromium (four times that on a phone).
   */
  get ready(): Promise<void> {
    if (!this.#release) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Holds `ready` until the first screen is shown, for `limitMs` at most; once per page load. */
  hold(limitMs: number): void {
    if (this.#held) return;
    this.#held = true;
    const timer = setTimeout(() => release(), limitMs);
    const release = () => {
      clearTimeout(timer);
      this.#release = undefined;
      const waiting = this.#waiting;
      this.#waiting = [];
      const next = () => {
        waiting.shift()?.();
        if (waiting.length) setTimeout(next);
      };
      next();
    };
    this.#release = release;
  }

  /** The first screen is committed: `ready` resolves once the browser has shown it. */
  drawn(): void {
    const release = this.#release;
    if (release) afterShown(release, SHOWN_LIMIT_MS);
  }
}
