import { keyReadingMessages } from '@especifica/mf-shared/contracts';
import { Alert, Box, Button, Stack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useEffect, useRef, useState } from 'react';
import { decodeQr } from './qr-decode';

/** After this long without a code, the person is told how to help the camera (it keeps trying). */
const HINT_AFTER_MS = 15_000;
const EVERY_MS = 250;

const cameraFailure = (error: unknown) =>
  (error as { name?: string }).name === 'NotAllowedError' || (error as { name?: string }).name === 'SecurityError'
    ? keyReadingMessages.cameraDenied
    : keyReadingMessages.noCamera;

/**
 * The back camera, read for a QR code a few times a second until one is found: its text goes to `onRead` and the
 * camera is released. No camera, a refusal or a code that cannot be read is said in pt-BR; pasting the link still
 * works.
 */
export function QrScanner({ onRead, onClose }: { onRead: (text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [hint, setHint] = useState(false);
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hintTimer = setTimeout(() => setHint(true), HINT_AFTER_MS);
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setFailure(keyReadingMessages.noCamera);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        return setFailure(cameraFailure(error));
      }
      const element = video.current;
      if (stopped || !element) return release();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const tick = async () => {
        if (stopped) return;
        const text = element.readyState >= 2 ? await decodeQr(element).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          release();
          onRead(text);
          return;
        }
        timer = setTimeout(tick, EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(hintTimer);
      release();
    };
  }, [onRead]);
  return (
    <Stack gap="2" data-testid="qr-scanner">
      {failure ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <Box borderRadius="card" overflow="hidden" bg="black" maxW="sm">
            <video
              ref={video}
              muted
              playsInline
              style={{ width: '100%', display: 'block' }}
              aria-label={t('invoices.sendForm.qrCamera')}
            />
          </Box>
          <Text fontSize="sm" color="muted" aria-live="polite">
            {hint ? keyReadingMessages.qrUnreadable : t('invoices.sendForm.qrAim')}
          </Text>
        </>
      )}
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onClose}>
        {t('invoices.sendForm.qrClose')}
      </Button>
    </Stack>
  );
}
