/**
 * Content blocks (storefront.md §2 "Other page elements", §3 "Banner module", "Image grid", "Blog",
 * "Video module", §9 banner, blog and alert-bar limits): what the home page and the site's footer
 * show, stored on the server (migration 0028-f) and managed by an admin. One schema per block kind;
 * the same schemas check what an admin saves and what a reply carries.
 * Decisions: docs/decisions/storefront.md "Content blocks".
 *
 * zod/mini: the home page's reply is its first read (server-rendered like the catalog), and classic
 * zod would add ~19 KB to the first screen's code (docs/gotchas.md).
 */
import * as z from 'zod/mini';
import { blogPostSchema } from './blog-post';

export const CONTENT_MESSAGES = {
  link: 'A link starts with / (this shop) or https://.',
  image: 'An image is a path on this shop, starting with /.',
  blockNotFound: 'This content block does not exist.',
  kindMismatch: 'A block keeps its kind; add a new block instead.',
  captions: 'Captions are a WebVTT file on this shop: a path starting with / and ending in .vtt.',
  language: 'A language is a code such as en or en-US.',
} as const;

/** §9: blog list 9 items per page, 9 more per Show More click. */
export const BLOG_PAGE_SIZE = 9;
/** §9: the mobile banner image below this width. */
export const MOBILE_BANNER_MAX_WIDTH = 767;

/** §9 alert bars: the dismiss cookie is `pd_alert_{block id}=1`; the server leaves dismissed bars out. */
export const ALERT_COOKIE_PREFIX = 'pd_alert_';

/** A link the page may follow: this shop's paths or https (never `javascript:` or `//host`). */
export const isSafeLink = (v: string): boolean => v === '' || /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/.test(v);
/** Images come from this shop (the CSP allows `img-src 'self'`). */
export const isLocalPath = (v: string): boolean => /^\/(?!\/)[^\s"'<>]*$/.test(v);

const text = (max: number) => z.string().check(z.maxLength(max));
const link = z.string().check(z.maxLength(500), z.refine(isSafeLink, CONTENT_MESSAGES.link));
const image = z.string().check(z.maxLength(500), z.refine(isLocalPath, CONTENT_MESSAGES.image));
const optionalImage = z.string().check(
  z.maxLength(500),
  z.refine((v) => v === '' || isLocalPath(v), CONTENT_MESSAGES.image),
);
const int = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));
const ratio = z.string().check(z.regex(/^[1-9]\d{0,3}:[1-9]\d{0,3}$/, 'A ratio is width:height, e.g. 16:5.'));

export const bannerSlideSchema = z.object({
  image,
  /** Shown below 768 px wide (§9 "mobile banner threshold 768"); '' uses `image`. */
  mobile_image: optionalImage,
  title: text(120),
  subtitle: text(240),
  link,
  link_text: text(60),
  open_in_new_tab: z.boolean(),
});
export type BannerSlide = z.infer<typeof bannerSlideSchema>;

export const bannerDataSchema = z.object({
  slides: z.array(bannerSlideSchema).check(z.minLength(1), z.maxLength(10)),
  /** Seconds per slide (§9: times 1000 ms); 0 keeps the first slide. */
  speed: int(0, 60),
  ratio: z.object({ desktop: ratio, mobile: ratio }),
  /** Darkening over the picture under the text, 0 (none) to 0.8. */
  overlay: z.number().check(z.minimum(0), z.maximum(0.8)),
  alignment: z.enum(['left', 'center', 'right']),
});

export const imageGridDataSchema = z.object({
  heading: text(120),
  /** Gallery mode: a tap opens the picture large instead of following its link. */
  gallery_mode: z.boolean(),
  row_image_count: int(1, 6),
  images: z.array(z.object({ src: image, label: text(120), link })).check(z.minLength(1), z.maxLength(24)),
});

export const blogListDataSchema = z.object({ heading: text(120) });

export const videoDataSchema = z.object({
  heading: text(120),
  video_id: text(64),
  /** A video file on this shop; played in place after a tap (nothing loads before). */
  video_url: image,
  poster: image,
  /** The player's largest width in px. */
  width: int(240, 1920),
  /**
   * A WebVTT captions file on this shop (`<track kind="captions">`); optional, '' for none, so
   * blocks saved before the field keep parsing (docs/decisions/storefront.md "Content blocks").
   */
  captions_url: z.optional(
    z.string().check(
      z.maxLength(500),
      z.refine((v) => v === '' || (isLocalPath(v) && /\.vtt$/i.test(v)), CONTENT_MESSAGES.captions),
    ),
  ),
  /** The captions' language (BCP 47, default 'en') and the name the player's menu shows (default 'English'). */
  captions_lang: z.optional(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, CONTENT_MESSAGES.language))),
  captions_label: z.optional(text(40)),
});

export const alertBarDataSchema = z.object({
  text: text(300),
  link,
  link_text: text(60),
  tone: z.enum(['info', 'success', 'warning']),
  dismissible: z.boolean(),
  /** §9: the dismiss cookie lasts this many days. */
  dismiss_days: int(1, 365),
});

export const countdownDataSchema = z.object({
  heading: text(120),
  /** When it reaches zero (ISO 8601 with a zone). */
  ends_at: z.iso.datetime({ offset: true }),
  /** Shown instead of the clock once it is over. */
  done_text: text(200),
  link,
  link_text: text(60),
});

export const readMoreDataSchema = z.object({
  heading: text(120),
  /** Paragraphs separated by blank lines; plain text. */
  text: text(5000),
  /** Characters shown folded. */
  preview_chars: int(80, 2000),
});

const linkItem = z.object({ label: text(80), link });
export const footerDataSchema = z.object({
  sections: z
    .array(z.object({ title: text(80), links: z.array(linkItem).check(z.maxLength(12)) }))
    .check(z.minLength(1), z.maxLength(6)),
});

export const heroMenuDataSchema = z.object({
  heading: text(120),
  items: z.array(z.object({ label: text(80), link, image: optionalImage })).check(z.minLength(1), z.maxLength(12)),
});

const block = <K extends string, D extends z.ZodMiniType>(kind: K, data: D) =>
  z.object({ id: z.number().check(z.int()), kind: z.literal(kind), position: z.number().check(z.int()), data });

export const contentBlockSchema = z.discriminatedUnion('kind', [
  block('banner', bannerDataSchema),
  block('image_grid', imageGridDataSchema),
  block('blog_list', blogListDataSchema),
  block('video', videoDataSchema),
  block('alert_bar', alertBarDataSchema),
  block('countdown', countdownDataSchema),
  block('read_more', readMoreDataSchema),
  block('footer', footerDataSchema),
  block('hero_menu', heroMenuDataSchema),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;
export type ContentKind = ContentBlock['kind'];
export type BlockOf<K extends ContentKind> = Extract<ContentBlock, { kind: K }>;

export const CONTENT_KINDS = [
  'banner',
  'image_grid',
  'blog_list',
  'video',
  'alert_bar',
  'countdown',
  'read_more',
  'footer',
  'hero_menu',
] as const satisfies readonly ContentKind[];

/** Data schema per kind (what an admin's save is checked against). */
export const CONTENT_DATA_SCHEMAS = {
  banner: bannerDataSchema,
  image_grid: imageGridDataSchema,
  blog_list: blogListDataSchema,
  video: videoDataSchema,
  alert_bar: alertBarDataSchema,
  countdown: countdownDataSchema,
  read_more: readMoreDataSchema,
  footer: footerDataSchema,
  hero_menu: heroMenuDataSchema,
} as const;

export const blogPageSchema = z.object({
  posts: z.array(blogPostSchema),
  page: z.number().check(z.int()),
  total: z.number().check(z.int()),
  has_more: z.boolean(),
});
export type BlogPage = z.infer<typeof blogPageSchema>;

export const HOME_CONTENT_PATH = '/api/content/page/home';

/** GET /api/content/page/home: the home page's enabled blocks in order, and the blog's first page when it has a blog list. */
export const homeContentReplySchema = z.object({
  blocks: z.array(contentBlockSchema),
  blog: z.nullable(blogPageSchema),
  /** §2 "a locked view when pos_locked is set": shoppers see the locked view instead of the shop. */
  pos_locked: z.boolean(),
});
export type HomeContentReply = z.infer<typeof homeContentReplySchema>;

/**
 * The dealer locator's tile server when the server is configured with one (MAP_TILE_URL: a template
 * with {z}, {x} and {y}; MAP_TILE_ATTRIBUTION: the provider's credit, plain text); null shows the
 * SVG state map (docs/decisions/storefront.md "Dealer locator: a tile server by configuration").
 */
export const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;

/** GET /api/content/site: what every storefront page shows around itself (after its first paint). */
export const siteContentReplySchema = z.object({
  pos_locked: z.boolean(),
  /** The tag manager's container id when the server is configured with one (TAG_MANAGER_ID), else null. */
  tag_manager_id: z.nullable(z.string()),
  map_tiles: z.nullable(mapTilesSchema),
  footer: z.nullable(block('footer', footerDataSchema)),
});
export type SiteContentReply = z.infer<typeof siteContentReplySchema>;

export const blogQuerySchema = z.object({
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000)), 1),
});
