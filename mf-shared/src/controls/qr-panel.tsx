import { Center, Spinner } from '@especifica/mf-shared/ui';
import { lazy, Suspense } from 'react';

export interface QrPanelProps {
  /** What the code opens (an address with its secret). */
  value: string;
  /** The accessible name of the code's image. */
  label: string;
  /** The printed page: a title and the lines under it (name, points, date). */
  print: { title: string; lines: string[] };
  /** The downloaded image's name, without extension. */
  fileName: string;
  /** A sentence under the code: what scanning it does. */
  hint?: string;
}

const Panel = lazy(() => import('./qr-code-panel').then((module) => ({ default: module.QrCodePanel })));

/**
 * A QR code to show at an event or on a counter: on screen, downloaded as an image, its link copied, or printed
 * alone on a page with its title and lines (a window with only that, so the page around it does not print). The
 * encoder is downloaded when a code is first shown; until then a spinner holds the code's place.
 */
export function QrPanel(props: QrPanelProps) {
  return (
    <Suspense
      fallback={
        <Center minH="248px">
          <Spinner color="brand" />
        </Center>
      }
    >
      <Panel {...props} />
    </Suspense>
  );
}
