/**
 * Demo storefront content (docs/decisions/storefront.md "Content blocks"): one block of every kind
 * on the home page, the site footer, and 14 blog posts (so the blog list shows 9 and a Show More).
 * Pictures are the demo catalog's own drawings (server/db/demo/images.ts, NOTICE.md); links lead to
 * the demo categories. Deterministic: no clock, no randomness (the countdown ends on a fixed date).
 */
import type { Kysely } from 'kysely';
import type { ContentBlock } from '../../../src/contracts/content';
import type { DB } from '../schema';
import { demoImagePath } from './images';

type Demo = { page: 'home' | 'site' } & Omit<ContentBlock, 'id' | 'position'>;

const img = demoImagePath;

export const DEMO_BLOCKS: readonly Demo[] = [
  {
    page: 'home',
    kind: 'alert_bar',
    data: {
      text: 'Free in-store pickup on every order. Installation booked at the counter.',
      link: '/product/catalog',
      link_text: 'Shop now',
      tone: 'info',
      dismissible: true,
      dismiss_days: 7,
    },
  },
  {
    page: 'home',
    kind: 'banner',
    data: {
      slides: [
        {
          image: img('lift-kits'),
          mobile_image: img('leveling-kits'),
          title: 'Lift it. Level it.',
          subtitle: 'Suspension lift and leveling kits for trucks and SUVs.',
          link: '/lift-kits',
          link_text: 'Shop lift kits',
          open_in_new_tab: false,
        },
        {
          image: img('brake-kits'),
          mobile_image: img('brake-pads'),
          title: 'Stop with confidence',
          subtitle: 'Pads, rotors and complete brake kits.',
          link: '/brakes',
          link_text: 'Shop brakes',
          open_in_new_tab: false,
        },
      ],
      speed: 6,
      ratio: { desktop: '16:5', mobile: '4:3' },
      overlay: 0.45,
      alignment: 'left',
    },
  },
  {
    page: 'home',
    kind: 'hero_menu',
    data: {
      heading: 'Shop by category',
      items: [
        { label: 'Brakes', link: '/brakes', image: img('brake-rotors') },
        { label: 'Suspension', link: '/suspension', image: img('shocks') },
        { label: 'Engine', link: '/engine', image: img('air-filters') },
        { label: 'Lighting', link: '/lighting', image: img('headlights') },
        { label: 'Towing', link: '/towing', image: img('trailer-hitches') },
        { label: 'Wheels & Tires', link: '/wheels-tires', image: img('wheels') },
      ],
    },
  },
  {
    page: 'home',
    kind: 'countdown',
    data: {
      heading: 'Winter battery event ends in',
      ends_at: '2028-01-01T00:00:00-06:00',
      done_text: 'The winter battery event has ended. Thank you!',
      link: '/batteries',
      link_text: 'Shop batteries',
    },
  },
  {
    page: 'home',
    kind: 'image_grid',
    data: {
      heading: 'Popular right now',
      gallery_mode: false,
      row_image_count: 3,
      images: [
        { src: img('cold-air-intakes'), label: 'Cold Air Intakes', link: '/cold-air-intakes' },
        { src: img('light-bars'), label: 'Light Bars', link: '/light-bars' },
        { src: img('tonneau-covers'), label: 'Tonneau Covers', link: '/tonneau-covers' },
        { src: img('floor-liners'), label: 'Floor Liners', link: '/floor-liners' },
        { src: img('running-boards'), label: 'Running Boards', link: '/running-boards' },
        { src: img('cat-back-exhaust'), label: 'Cat-Back Exhaust', link: '/cat-back-exhaust' },
      ],
    },
  },
  {
    page: 'home',
    kind: 'video',
    data: {
      heading: 'Inside our shop',
      video_id: 'partsdesk-shop',
      // The kiosk's generated demo clip (scripts/make-kiosk-videos.mjs), with its captions.
      video_url: '/kiosk/demo-1.webm',
      poster: img('gaskets'),
      width: 960,
      captions_url: '/video/partsdesk-shop.vtt',
      captions_lang: 'en',
      captions_label: 'English',
    },
  },
  {
    page: 'home',
    kind: 'read_more',
    data: {
      heading: 'About Partsdesk Auto Parts',
      text:
        'We have sold parts over the counter since 1987: brakes, suspension, engine and electrical parts ' +
        'for domestic and import cars, light trucks and SUVs, with installation in our own bays.\n\n' +
        'Every part we list shows whether it fits your vehicle. Pick your year, make and model once and the ' +
        'catalog marks what fits, what does not and what needs a closer look.\n\n' +
        'Order online and pick up at any of our stores, or ask us to install it. Our counter staff can look up ' +
        'your order, your vehicles and your past purchases in seconds.',
      preview_chars: 180,
    },
  },
  { page: 'home', kind: 'blog_list', data: { heading: 'From the garage blog' } },
  {
    page: 'site',
    kind: 'footer',
    data: {
      sections: [
        {
          title: 'Shop',
          links: [
            { label: 'Catalog', link: '/product/catalog' },
            { label: 'Compare', link: '/product/compare' },
            { label: 'Wishlist', link: '/account/wishlist' },
          ],
        },
        {
          title: 'Customer service',
          links: [
            { label: 'Contact us', link: '/information/contact' },
            { label: 'My cart', link: '/checkout/cart' },
            { label: 'Sign in', link: '/account/login' },
          ],
        },
        {
          title: 'About us',
          links: [
            { label: 'Our stores', link: '/index.php?route=module/dealer_locator' },
            { label: 'Create an account', link: '/account/register' },
          ],
        },
      ],
    },
  },
];

const POSTS: readonly [string, string, string][] = [
  ['How to tell when your brake pads are worn', 'brake-pads', 'Brakes'],
  ['Leveling kit or lift kit: which one is for you?', 'leveling-kits', 'Suspension'],
  ['Five signs your battery is about to quit', 'batteries', 'Electrical'],
  ['Choosing the right motor oil for winter', 'motor-oil', 'Maintenance'],
  ['LED headlights: what to know before you upgrade', 'headlights', 'Lighting'],
  ['Towing safely: hitch classes explained', 'trailer-hitches', 'Towing'],
  ['Cold air intakes: real gains or just noise?', 'cold-air-intakes', 'Engine'],
  ['Why your check engine light is on', 'sensors', 'Engine'],
  ['Rotors: resurface or replace?', 'brake-rotors', 'Brakes'],
  ['Keeping your cooling system healthy', 'radiators', 'Maintenance'],
  ['Shocks and struts: what they do', 'struts', 'Suspension'],
  ['Picking floor liners that actually fit', 'floor-liners', 'Interior'],
  ['Spark plugs: when and why to change them', 'spark-plugs', 'Engine'],
  ['A first look at tonneau covers', 'tonneau-covers', 'Exterior'],
];

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);

/** A post's words: plain text, paragraphs separated by blank lines (migration 0029-e). */
function postBody(title: string, category: string): string {
  return [
    `${title}: our counter staff answer this question every week, so here is what they tell customers.`,
    `Start with your vehicle. Pick its year, make and model at the top of the catalog and every ${category.toLowerCase()} ` +
      'part shows whether it fits, does not fit or needs a closer look.',
    'Not sure? Bring the old part to any of our stores, or ask us to install the new one in our bays. ' +
      'Prices on this page are the same online and at the counter.',
  ].join('\n\n');
}

/** The blog posts: one a week back from 2026-10-30, newest first as listed. */
export const DEMO_POSTS = POSTS.map(([title, leaf, category], i) => ({
  title,
  url: `blog-${slug(title)}`,
  image: img(leaf),
  date: new Date(Date.UTC(2026, 9, 30 - 7 * i)).toISOString().slice(0, 10),
  category,
  text_color: i % 3 === 2 ? '#1d3557' : '#ffffff',
  body: postBody(title, category),
}));

export async function seedContent(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('content_blocks')
    .values(
      DEMO_BLOCKS.map((b, i) => ({
        page: b.page,
        kind: b.kind,
        position: (i + 1) * 10,
        data: JSON.stringify(b.data),
      })),
    )
    .execute();
  await db.insertInto('blog_posts').values(DEMO_POSTS).execute();
}
