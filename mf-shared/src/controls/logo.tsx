import { usePartsClass, useTranslation } from '@especifica/mf-shared/ui';
import { type MouseEvent, useId } from 'react';
import { logoParts } from './controls.parts';

/** "Especifica" drawn as monoline strokes, so the mark needs no font or image and scales crisply. */
const WORDMARK =
  'M71.2 6H58.2V34H71.2M58.2 20H69.2M91.2 16.8C89.9 14.9 87.9 14 85.3 14C81.9 14 79.5 15.9 79.5 18.8C79.5 24.6 ' +
  '91.5 22.4 91.5 28.9C91.5 32 88.9 34 85.2 34C82.3 34 80.1 32.9 78.9 30.9M99.2 14V44M99.2 24a10 10 0 1 0 20 ' +
  '0a10 10 0 1 0-20 0M126.7 24H146.7A10 10 0 1 0 143.77 31.07M171.27 16.93A10 10 0 1 0 171.27 31.07M178.7 ' +
  '14V34M178.7 7.2h0M189.2 34V12.5C189.2 8.3 191.6 6 195.5 6H196.7M185.2 15H195.2M203.7 14V34M203.7 7.2h0M228.27 ' +
  '16.93A10 10 0 1 0 228.27 31.07M235.7 24a10 10 0 1 0 20 0a10 10 0 1 0-20 0M255.7 14V34';
/** A specification sheet: three bulleted lines, cut out of the tile so the background shows through. */
const SHEET_LINES = 'M12 14h0M19 14h14M12 24h0M19 24h11M12 34h0M19 34h7';

export interface LogoProps {
  /** Where a click goes (spec 2.8). */
  to?: string;
  /** light: for light backgrounds (brand tile, ink text); white: all white, for dark or coloured backgrounds. */
  variant?: 'light' | 'white';
  /** The smaller mark of the mobile header: always the narrow width. */
  mobile?: boolean;
  /**
   * Client-side navigation (e.g. single-spa's navigateToUrl). Without it the link loads the page. A click with a
   * modifier key is left to the browser, so "open in a new tab" keeps working.
   */
  onNavigate?: (to: string) => void;
}

export function Logo({ to = '/dashboard', variant = 'light', mobile = false, onNavigate }: LogoProps) {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <a
      href={to}
      onClick={onClick}
      aria-label={t('controls.logoLabel')}
      className={usePartsClass(logoParts)}
      data-variant={variant}
      data-mobile={mobile ? '' : undefined}
    >
      <LogoMark />
    </a>
  );
}

/** The mark and the wordmark, decoration: the link carries the name. */
function LogoMark() {
  const maskId = `logo-${useId().replace(/:/g, '')}`;
  return (
    <svg viewBox="0 0 260 48" aria-hidden="true" focusable="false">
      <mask id={maskId}>
        <rect width="48" height="48" fill="white" />
        <path d={SHEET_LINES} stroke="black" strokeWidth="5" strokeLinecap="round" />
      </mask>
      <rect data-part="tile" x="0" y="2" width="44" height="44" rx="10" mask={`url(#${maskId})`} />
      <path
        d={WORDMARK}
        fill="none"
        stroke="currentColor"
        strokeWidth="4.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
