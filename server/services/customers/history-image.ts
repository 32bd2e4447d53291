/**
 * An Add History picture checked by what it is, never by its name (docs/security.md "Uploads";
 * docs/decisions/pos.md "Customer history and uploads"): the bytes are decoded with sharp; only a
 * JPEG or PNG decoder may have read them (sharp also reads SVG, GIF, WebP, TIFF...: refused), at
 * most IMAGE_UPLOAD_MAX_BYTES (§5 ".jpg/.png, 2 MB max") and HISTORY_IMAGE_MAX_PIXELS. What is
 * stored is re-encoded from the decoded pixels, so anything appended to or hidden in the file
 * (a ZIP, HTML or script after the image's end, EXIF and comments) is not in it; the thumbnail
 * is at most HISTORY_THUMBNAIL_MAX_WIDTH_PX wide (§9).
 */
import sharp, { type Sharp } from 'sharp';
import { HISTORY_THUMBNAIL_MAX_WIDTH_PX, IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/constants';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '../../../src/domain/forms/history';

/** 40 megapixels: a phone camera's picture fits; a small file that decodes to a huge canvas does not. */
export const HISTORY_IMAGE_MAX_PIXELS = 40_000_000;

export interface StoredImage {
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  bytes: Buffer;
  thumb: Buffer;
}

export type ImageCheck = { ok: true; image: StoredImage } | { ok: false; message: string };

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (b: Buffer, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

/** JPEG or PNG by the file's own signature (the decoder is not even asked about anything else). */
function signature(b: Buffer): 'jpeg' | 'png' | null {
  if (startsWith(b, JPEG)) return 'jpeg';
  if (startsWith(b, PNG)) return 'png';
  return null;
}

export async function checkHistoryImage(input: Buffer): Promise<ImageCheck> {
  if (input.length > IMAGE_UPLOAD_MAX_BYTES) return { ok: false, message: IMAGE_SIZE_MESSAGE };
  const kind = signature(input);
  if (!kind) return { ok: false, message: IMAGE_TYPE_MESSAGE };
  try {
    const opts = { limitInputPixels: HISTORY_IMAGE_MAX_PIXELS, failOn: 'error' as const };
    const meta = await sharp(input, opts).metadata();
    if (meta.format !== kind || !meta.width || !meta.height) return { ok: false, message: IMAGE_TYPE_MESSAGE };
    // rotate(): the EXIF orientation applied to the pixels, as the metadata itself is dropped.
    const base = () => sharp(input, opts).rotate();
    const encode = (s: Sharp) =>
      kind === 'jpeg' ? s.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : s.png({ compressionLevel: 9 }).toBuffer();
    const { data: bytes, info } = await (
      kind === 'jpeg' ? base().jpeg({ quality: 85, mozjpeg: true }) : base().png({ compressionLevel: 9 })
    ).toBuffer({ resolveWithObject: true });
    const thumb = await encode(base().resize({ width: HISTORY_THUMBNAIL_MAX_WIDTH_PX, withoutEnlargement: true }));
    return {
      ok: true,
      image: {
        mime: kind === 'jpeg' ? 'image/jpeg' : 'image/png',
        width: info.width,
        height: info.height,
        bytes,
        thumb,
      },
    };
  } catch {
    // Truncated, corrupt, or larger than the pixel limit: not a picture we keep.
    return { ok: false, message: IMAGE_TYPE_MESSAGE };
  }
}
