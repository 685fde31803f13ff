/**
 * Photos shrunk in the browser before they are uploaded (an upload kind's `shrinkImagesTo`): a 12-megapixel phone
 * photo becomes a JPEG of at most `max` pixels on its longest side, a few hundred kilobytes instead of several
 * megabytes on a shop floor's connection. Anything else, an image that already fits, or one the browser cannot
 * decode goes as it is; so does a shrunk copy that would not be smaller.
 */
const SHRINKABLE = /^image\/(jpeg|png|webp)$/;
const QUALITY = 0.85;

/** The size an image of `width` × `height` is drawn at so its longest side is at most `max`; null when it fits. */
export function shrunkSize(width: number, height: number, max: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= max || longest === 0) return null;
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The shrunk photo's file name: its own name with the `.jpg` it now is. */
export function shrunkName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

export async function shrinkImage(file: File, max: number): Promise<File> {
  if (!SHRINKABLE.test(file.type) || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    // The camera's orientation applied, as the photo is seen.
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const size = shrunkSize(bitmap.width, bitmap.height, max);
  if (!size) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) {
    bitmap.close();
    return file;
  }
  // A transparent PNG becomes a JPEG on white, not on black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));
  if (!blob || blob.size >= file.size) return file;
  return new File([blob], shrunkName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
}
