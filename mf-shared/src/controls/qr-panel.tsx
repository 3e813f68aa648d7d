import { toasts } from '@especifica/mf-shared';
import { Box, Button, HStack, QrCode, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useRef } from 'react';

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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A QR code to show at an event or on a counter: on screen, downloaded as an image, its link copied, or printed
 * alone on a page with its title and lines (a window with only that, so the page around it does not print).
 */
export function QrPanel({ value, label, print, fileName, hint }: QrPanelProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);

  const printPage = () => {
    const svg = frame.current?.querySelector('svg')?.outerHTML;
    const sheet = svg ? window.open('', '_blank', 'width=720,height=900') : null;
    if (!svg || !sheet) {
      toasts.error(t('controls.qrPrintBlocked'));
      return;
    }
    const lines = [...print.lines, ...(hint ? [hint] : [])].map((line) => `<p>${escapeHtml(line)}</p>`).join('');
    sheet.document.write(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<title>${escapeHtml(print.title)}</title>
<style>body{font-family:sans-serif;text-align:center;padding:32px}svg{width:320px;height:320px}</style></head>
<body><h1>${escapeHtml(print.title)}</h1>${svg}${lines}</body></html>`);
    sheet.document.close();
    sheet.focus();
    sheet.print();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toasts.success(t('controls.qrCopied'));
    } catch {
      toasts.error(t('controls.qrCopyFailed'));
    }
  };

  return (
    <Stack gap="3" align="center" data-testid="qr-panel">
      <QrCode.Root
        value={value}
        size="xl"
        encoding={{ ecc: 'M' }}
        display="flex"
        flexDirection="column"
        alignItems="center"
      >
        <Box ref={frame} bg="white" p="3" borderRadius="card">
          <QrCode.Frame role="img" aria-label={label}>
            <QrCode.Pattern />
          </QrCode.Frame>
        </Box>
        <HStack gap="2" wrap="wrap" justify="center" mt="3">
          <Button size="sm" colorPalette="primary" onClick={printPage}>
            {t('controls.qrPrint')}
          </Button>
          <QrCode.DownloadTrigger asChild fileName={`${fileName}.png`} mimeType="image/png">
            <Button size="sm" variant="outline">
              {t('controls.qrDownload')}
            </Button>
          </QrCode.DownloadTrigger>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            {t('controls.qrCopy')}
          </Button>
        </HStack>
      </QrCode.Root>
      {hint && (
        <Text fontSize="sm" color="muted" textAlign="center">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
