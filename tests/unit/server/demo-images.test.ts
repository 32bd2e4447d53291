/**
 * The demo pictures (server/db/demo/images.ts; docs/decisions/database.md "Demo pictures"): every
 * leaf category has one, naming it, at the path its products store; each category group has its own
 * pictogram; the SVG is well-formed and the same bytes every time; anything else has none.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '../../../server/db/demo/categories';
import { demoImagePath, demoImageSvg } from '../../../server/db/demo/images';
import { DEMO_BLOCKS, DEMO_POSTS } from '../../../server/db/demo/content';
import { DemoImageService } from '../../../server/services/demo/demo-image-service';

/** Tags open and close in order (a small check: the SVG has no comments, CDATA or processing instructions). */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (selfClose) continue;
    if (!close) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

const pictogram = (svg: string) => /<g transform=[^>]*>(.*)<\/g>/s.exec(svg)?.[1] ?? '';

describe('demo pictures', () => {
  const leaves = CATEGORY_TREE.flatMap((top) => top.leaves.map((leaf) => ({ top, leaf })));

  it('every leaf category has a well-formed 4:3 SVG naming it, stable byte for byte', () => {
    expect(leaves.length).toBeGreaterThan(50);
    for (const { leaf } of leaves) {
      const svg = demoImageSvg(leaf.slug);
      expect(svg, leaf.slug).toBeDefined();
      expect(svg).toContain('viewBox="0 0 400 300"');
      expect(svg).toContain(`aria-label="${leaf.name.replace(/&/g, '&amp;')}"`);
      expect(svg).toContain(leaf.name.toUpperCase().replace(/&/g, '&amp;'));
      expect(wellFormed(svg!), leaf.slug).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined|<script|href=/);
      expect(demoImageSvg(leaf.slug)).toBe(svg);
      expect(demoImagePath(leaf.slug)).toBe(`/image/catalog/demo/${leaf.slug}.svg`);
    }
  });

  it('each category group has its own pictogram', () => {
    const byTop = new Map(CATEGORY_TREE.map((top) => [top.slug, pictogram(demoImageSvg(top.leaves[0]!.slug)!)]));
    expect(new Set(byTop.values()).size).toBe(CATEGORY_TREE.length);
    for (const art of byTop.values()) expect(art.length).toBeGreaterThan(100);
  });

  it('the service answers a leaf file name and nothing else', () => {
    const images = new DemoImageService();
    const pads = images.get('brake-pads.svg');
    expect(pads?.body).toBe(demoImageSvg('brake-pads'));
    expect(pads?.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(images.get('brake-pads.svg')).toBe(pads);
    for (const bad of ['brakes.svg', 'brake-pads.png', '../brake-pads.svg', 'brake-pads', 'BRAKE-PADS.svg', ''])
      expect(images.get(bad), bad).toBeUndefined();
  });

  it('every demo content block and blog post shows a picture that exists', () => {
    // A path to a category group (not a leaf) answers 404: the home page's video poster did.
    const paths = JSON.stringify([DEMO_BLOCKS, DEMO_POSTS]).match(/\/image\/catalog\/demo\/[^"]+/g) ?? [];
    expect(paths.length).toBeGreaterThan(20);
    const images = new DemoImageService();
    for (const p of new Set(paths)) expect(images.get(p.slice('/image/catalog/demo/'.length)), p).toBeDefined();
  });
});
