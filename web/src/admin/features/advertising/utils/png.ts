/** The advertising image's limits (admin spec sections 5 and 9): a 300×700 PNG of at most 0.5 MB. */
export const AD_WIDTH = 300;
export const AD_HEIGHT = 700;
export const AD_MAX_BYTES = 512 * 1024;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why an image is refused, or null when it is fine. 'notPng' is ignored silently by the dialog. */
export type ImageProblem = 'notPng' | 'tooLarge' | 'wrongSize' | null;

/**
 * Checks a chosen file from its bytes: the PNG signature and the IHDR chunk's width and height (read from
 * the header, nothing decoded), and the byte size.
 */
export function checkAdImage(bytes: Uint8Array): ImageProblem {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return 'notPng';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (bytes.length > AD_MAX_BYTES) return 'tooLarge';
  if (width !== AD_WIDTH || height !== AD_HEIGHT) return 'wrongSize';
  return null;
}

/** The bytes as base64 (no data: prefix), as the upload call takes them. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
