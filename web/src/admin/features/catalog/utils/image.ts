/** The stored image's size (admin spec section 9). */
export const IMAGE_WIDTH = 90;
export const IMAGE_HEIGHT = 70;
/** Limits of a chosen file. */
export const MAX_IMAGE_BYTES = 512 * 1024;
export const MAX_IMAGE_SIDE = 500;

/** Why a chosen file is refused before upload, or undefined. */
export type ImageProblem = 'type' | 'size' | 'dimensions';

/** Checks a file's type and weight (its pixel size is checked once decoded, in resizeImage). */
export function checkImageFile(file: File): ImageProblem | undefined {
  if (file.type !== 'image/png') return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return undefined;
}

/** The camel-cased product name and the file name without extension: the upload's label (spec section 7). */
export function photoName(productName: string, fileName: string): string {
  const camel = productName
    .trim()
    .split(/\s+/)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return camel + fileName.replace(/\.[^.]*$/, '');
}

/**
 * Decodes a PNG file in the browser, refuses one over 500×500, and draws it at 90×70 on a canvas: the
 * base64 PNG (without its data-URL prefix) to upload. The server checks it all again.
 */
export async function resizeImage(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    if (bitmap.width > MAX_IMAGE_SIDE || bitmap.height > MAX_IMAGE_SIDE) throw new Error('dimensions');
    const canvas = document.createElement('canvas');
    canvas.width = IMAGE_WIDTH;
    canvas.height = IMAGE_HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.drawImage(bitmap, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT);
    return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
  } finally {
    bitmap.close();
  }
}
