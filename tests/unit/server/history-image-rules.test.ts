/**
 * The Add History picture rules (§5 ".jpg/.png, 2 MB max"): the device's check of what was picked
 * (name, type, size: src/domain/forms/history.ts) and the server's check of the content
 * (server/services/customers/history-image.ts: decoded, JPEG/PNG only, re-encoded, thumbnail).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/constants';
import {
  historyFormSchema,
  historyImageSchema,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '../../../src/domain/forms/history';
import { checkHistoryImage } from '../../../server/services/customers/history-image';

const first = (v: unknown) => {
  const r = historyImageSchema.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('history picture: what the device checks', () => {
  it('accepts .jpg, .jpeg and .png of 2 MB at most', () => {
    expect(first({ name: 'a.jpg', type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(first({ name: 'a.JPEG', type: 'image/jpeg', size: 1 })).toBeNull();
    expect(first({ name: 'a.png', type: 'image/png', size: 1 })).toBeNull();
  });
  it('refuses other names or types and one byte more than 2 MB, with the messages', () => {
    expect(first({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(first({ name: 'a.svg', type: 'image/svg+xml', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(first({ name: 'a.png', type: 'image/svg+xml', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(first({ name: 'a.jpg', type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe(IMAGE_SIZE_MESSAGE);
  });
  it('the form takes no picture at all', () => {
    expect(historyFormSchema.safeParse({ comment: 'x' }).success).toBe(true);
  });
});

describe('history picture: what the server checks', () => {
  const jpeg = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
      .withExifMerge({ IFD0: { ImageDescription: 'secret note' } })
      .jpeg()
      .toBuffer();

  it('re-encodes without metadata or appended bytes; the thumbnail is 100 px wide', async () => {
    const poly = Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]);
    const r = await checkHistoryImage(poly);
    if (!r.ok) throw new Error(r.message);
    expect(r.image.mime).toBe('image/jpeg');
    expect(r.image.bytes.includes(Buffer.from('<script'))).toBe(false);
    expect(r.image.bytes.includes(Buffer.from('secret note'))).toBe(false);
    expect((await sharp(r.image.thumb).metadata()).width).toBe(100);
    expect([r.image.width, r.image.height]).toEqual([640, 480]);
  });
  it('refuses by content: an SVG, a GIF, a renamed program, a truncated JPEG, one byte over 2 MB', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const cases: [Buffer, string][] = [
      [svg, IMAGE_TYPE_MESSAGE],
      [gif, IMAGE_TYPE_MESSAGE],
      [Buffer.from('MZ\x90\x00program'), IMAGE_TYPE_MESSAGE],
      [(await jpeg()).subarray(0, 100), IMAGE_TYPE_MESSAGE],
      [Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0xff), IMAGE_SIZE_MESSAGE],
    ];
    for (const [bytes, message] of cases) expect(await checkHistoryImage(bytes)).toEqual({ ok: false, message });
  });
});
