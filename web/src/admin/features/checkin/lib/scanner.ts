/**
 * The camera scanner of the check-in page, a chunk of its own (loaded when staff open the camera). The
 * browser's BarcodeDetector reads the video where it knows QR codes (Android, macOS, ChromeOS); elsewhere
 * the qr-scanner library (its own chunk and web worker) does. Either way the back camera is asked for.
 */

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** How often the native detector looks at the video. */
const DETECT_EVERY_MS = 250;

/** Which reader runs: the browser's own, or the library. */
export type ScannerKind = 'native' | 'library';

/** A running scanner: stop() ends it and releases the camera. */
export interface RunningScanner {
  kind: ScannerKind;
  stop(): void;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts reading QR codes from the camera into `video`; `onCode` gets each text read (the page stops the
 * scanner on the first it takes). Rejects when the camera cannot be opened (no camera, permission refused).
 */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<RunningScanner> {
  const detector = await nativeDetector();
  if (detector) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      if (stopped) return;
      try {
        const found = await detector.detect(video);
        const text = found.find((b) => b.rawValue)?.rawValue;
        if (text && !stopped) onCode(text);
      } catch {
        // a frame that cannot be read yet: try the next one
      }
      if (!stopped) timer = setTimeout(() => void look(), DETECT_EVERY_MS);
    };
    void look();
    return {
      kind: 'native',
      stop() {
        stopped = true;
        clearTimeout(timer);
        for (const track of stream.getTracks()) track.stop();
        video.srcObject = null;
      },
    };
  }
  const { default: QrScanner } = await import('qr-scanner');
  const scanner = new QrScanner(video, (result) => onCode(result.data), {
    returnDetailedScanResult: true,
    preferredCamera: 'environment',
    maxScansPerSecond: 5,
  });
  await scanner.start();
  return {
    kind: 'library',
    stop() {
      scanner.stop();
      scanner.destroy();
    },
  };
}
