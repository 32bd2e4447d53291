/**
 * The demo catalog's pictures (server/db/demo/images.ts), one SVG per leaf category, made once per
 * process on first ask. Only demo products point at them (`products.image`); a real shop's images
 * are its own URLs.
 */
import { createHash } from 'node:crypto';
import { demoImageSvg } from '../../db/demo/images';

export interface DemoImage {
  body: string;
  etag: string;
}

export class DemoImageService {
  private readonly made = new Map<string, DemoImage>();

  /** `brake-pads.svg` -> the picture, or undefined for any other name. */
  get(file: string): DemoImage | undefined {
    const m = /^([a-z0-9-]{1,64})\.svg$/.exec(file);
    if (!m) return undefined;
    const slug = m[1]!;
    let image = this.made.get(slug);
    if (!image) {
      const body = demoImageSvg(slug);
      if (body === undefined) return undefined;
      image = { body, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"` };
      this.made.set(slug, image);
    }
    return image;
  }
}
