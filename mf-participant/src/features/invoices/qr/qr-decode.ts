import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import readerWasm from 'zxing-wasm/reader/zxing_reader.wasm';

// Reading a QR code, loaded only when someone taps "Ler QR code". The browser's own BarcodeDetector when it reads
// QR codes (Chrome on Android), else the barcode-detector polyfill over ZXing's WebAssembly (iOS, Firefox, desktop
// Chrome). The .wasm file comes from this remote's own build output, on our origin: never from a CDN (the polyfill's
// default is jsDelivr).

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(readerWasm, globalThis.location?.href).href : prefix + path,
  },
  fireImmediately: false,
});

export interface QrDetector {
  detect(image: ImageBitmapSource): Promise<{ rawValue: string; format: string }[]>;
}

type NativeDetector = { new (options: { formats: string[] }): QrDetector; getSupportedFormats(): Promise<string[]> };

let detector: Promise<QrDetector> | null = null;

/** One detector of QR codes for the page: the native one when it reads them, else the polyfill. */
export function qrDetector(): Promise<QrDetector> {
  detector ??= (async () => {
    const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
    const formats = native ? await native.getSupportedFormats().catch(() => [] as string[]) : [];
    if (native && formats.includes('qr_code')) return new native({ formats: ['qr_code'] });
    return new BarcodeDetector({ formats: ['qr_code'] }) as QrDetector;
  })();
  return detector;
}

/** The text of the QR code in a picture or a video frame, or null when none can be read in it. */
export async function decodeQr(image: ImageBitmapSource): Promise<string | null> {
  const found = await (await qrDetector()).detect(image);
  return found.find((code) => code.format === 'qr_code')?.rawValue ?? null;
}
