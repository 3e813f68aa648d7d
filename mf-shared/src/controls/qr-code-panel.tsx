import { QrCode } from '@chakra-ui/react';
import { toasts } from '@especifica/mf-shared';
import { Box, Button, HStack, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useRef } from 'react';
import type { QrPanelProps } from './qr-panel';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The QR code panel itself, with the encoder, downloaded when it is first shown (see `QrPanel`). */
export function QrCodePanel({ value, label, print, fileName, hint }: QrPanelProps) {
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
