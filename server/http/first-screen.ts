/**
 * The HTML a browser navigation to the catalog or a product link gets (docs/decisions/storefront.md
 * "Server-rendered first screen"): the app shell with
 * - the page's first API reply embedded (`<script type="application/json" id="pd-first-data"
 *   data-path="/api/...">`), which the client takes instead of asking for it (src/api/early-fetch.ts);
 * - that screen's markup in #root, rendered by the client's own components from the same reply
 *   (the build's SSR bundle, dist/ssr/first-screen.js, loaded at run time: the server never
 *   imports client code). Without that bundle the data is still embedded.
 *
 * The reply is the shopper's own (a signed-in shopper may see prices a guest does not, staff see
 * theirs): such a page is `Cache-Control: private, no-cache`, never kept by a shared cache. Any
 * failure here serves the plain shell, as before; the client then reads the API itself.
 *
 * A `/{slug}` link to nothing (no product, brand, category or blog post, or not a slug at all) is
 * answered 404 with the not-found page (rendered by the same renderer, and the API's 404 reply
 * embedded with `data-status="404"`), so crawlers and monitors see what the API says; the service
 * worker's navigation fallback serves the precached shell as before and never sees this status.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  catalogFirstPath,
  FIRST_DATA_ELEMENT_ID,
  isCatalogFirstPath,
  LOCATOR_FIRST_PATH,
  LOCATOR_PAGE_ROUTES,
  pickupStoreOf,
  productPagePath,
  type FirstScreenRenderer,
} from '../../src/contracts/first-screen';
import { locatorQuerySchema } from '../../src/contracts/dealer-locator-request';
import { productPageParamsSchema } from '../../src/contracts/product-page';
import { LOCATOR_FILTER_COOKIE, LOCATOR_PICKUP_COOKIE } from '../../src/domain/constants';
import { productsListQuerySchema } from '../../src/contracts/products-list';
import type { ApiError } from '../../src/contracts/api-error';
import type { SessionUser } from '../../src/contracts/session';
import type { ProductPageService } from '../services/catalog/product-page-service';
import { ServiceError } from '../errors';
import type { ProductService } from '../services/catalog/product-service';
import { dismissedAlerts, type ContentService } from '../services/content/content-service';
import { HOME_CONTENT_PATH } from '../../src/contracts/content';
import { VEHICLE_COOKIE, type FitmentVehicleStore } from '../services/fitment/fitment-vehicle-store';
import type { LocatorService } from '../services/locator/locator-service';

export interface FirstScreenSources {
  products: ProductService;
  pages: ProductPageService;
  /** The home page's blocks (docs/decisions/storefront.md "Content blocks"). */
  content?: ContentService;
  /** The shopper's vehicle narrows the catalog's first page as the API does (Shop by Vehicle). */
  vehicles?: FitmentVehicleStore;
  /** The dealer locator page's store list (docs/decisions/storefront.md "Dealer locator: first screen"). */
  locator?: LocatorService;
}

/** A `/{slug}` that no link can be (undecodable, or not a slug): the not-found page, no read to embed. */
const MALFORMED_LINK: FirstRead = { path: null, body: null, status: 404 };

/** Markers around #root's static content in index.html; what is between them is replaced. */
const ROOT_START = '<!--first-screen-->';
const ROOT_END = '<!--/first-screen-->';

interface FirstRead {
  /** The API read the page's first render makes; null when there is none to embed (a malformed link). */
  path: string | null;
  body: unknown;
  /** 404: a `/{slug}` link to nothing (no product, brand, category or blog post); the page is the not-found page. */
  status: 200 | 404;
}

/** What a navigation gets: the page with its first screen (null: the plain shell) and its status. */
export interface FirstScreenPage {
  html: string | null;
  status: 200 | 404;
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export class FirstScreen {
  private renderer: Promise<FirstScreenRenderer | null> | null = null;

  constructor(
    private readonly staticDir: string,
    private readonly sources: FirstScreenSources,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The page's HTML with its first screen (html null: serve the plain shell) and its status: a link
   * to nothing is 404 with the not-found page, whatever else fails (docs/decisions/storefront.md
   * "Server-rendered first screen").
   */
  async page(req: FastifyRequest): Promise<FirstScreenPage> {
    const read = await this.firstRead(req).catch((err: unknown) => {
      // A refusal the service words (ServiceError) is the client's to show; anything else is worth a line.
      if (!(err instanceof ServiceError))
        this.log.warn({ err, url: req.url }, 'first screen data failed; serving the plain shell');
      return null;
    });
    if (!read) return { html: null, status: 200 };
    return { html: await this.html(req, read), status: read.status };
  }

  /** The page's HTML with its first screen, or null: serve the plain shell. */
  private async html(req: FastifyRequest, read: FirstRead): Promise<string | null> {
    let template: string;
    try {
      template = await fs.promises.readFile(path.join(this.staticDir, 'index.html'), 'utf8');
    } catch {
      return null;
    }
    const start = template.indexOf(ROOT_START);
    const end = template.indexOf(ROOT_END);
    if (start < 0 || end < start || !template.includes('</body>') || !template.includes('<html ')) return null;

    let markup: string | null = null;
    try {
      const renderer = await this.loadRenderer();
      // Inert until the app replaces it: a tap on a button the app does not run yet would be lost
      // (links and buttons work once main.tsx has rendered, a moment later).
      markup =
        renderer
          ?.render({ url: req.url, path: read.path ?? '', body: read.body, status: read.status })
          ?.replace(/^<([a-z][\w-]*)/, '<$1 inert') ?? null;
    } catch (err) {
      // A page the renderer cannot draw still gets its data: the client renders it as before.
      this.log.error({ err, url: req.url }, 'first screen render failed');
    }
    // A 404 reply says so (src/api/early-fetch.ts answers the client's read with that status).
    const status = read.status === 404 ? ' data-status="404"' : '';
    const data =
      read.path === null
        ? ''
        : `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}" data-path="${attr(read.path)}"${status}>${scriptJson(read.body)}</script>`;
    // The inline script in index.html reads these: no early fetch of this read; with markup, the
    // product route's code is left to the starter below. (Replacer functions throughout: a reply
    // may hold `$&` or `$'`, which a replacement string would expand.)
    const marks = [
      ...(read.path !== null ? [`data-first-screen="${attr(read.path)}"`] : []),
      ...(markup !== null ? ['data-first-screen-markup'] : []),
    ].join(' ');
    let head = template
      .slice(0, start + ROOT_START.length)
      .replace('<html ', () => (marks ? `<html ${marks} ` : '<html '));
    let tail = template.slice(end);
    if (markup !== null) {
      // The product page's styles are in its lazy route's stylesheets: without them the markup
      // paints unstyled and jumps when they apply. The not-found page is the entry's own.
      const styles = read.path === null || read.status === 404 ? [] : routeStyles(template, read.path);
      head = head.replace(
        '</head>',
        () =>
          `${styles.map((href) => `  <link rel="stylesheet" crossorigin href="${attr(href)}">\n`).join('')}  </head>`,
      );
      const started = startAfterFirstFrame(head);
      head = started.head;
      tail = tail.replace('</body>', () => `${data}\n${started.starter}  </body>`);
    } else {
      tail = tail.replace('</body>', () => `${data}\n  </body>`);
    }
    return head + (markup ?? template.slice(start + ROOT_START.length, end)) + tail;
  }

  /** The read the page's first render makes, answered as the API would answer this caller; null for other pages. */
  private async firstRead(req: FastifyRequest): Promise<FirstRead | null> {
    const [pathname = '/', search] = req.url.split('?', 2);
    // The home page: its content blocks, server-rendered like the catalog (docs/decisions/storefront.md "Content blocks").
    if (pathname === '/' && search === undefined && this.sources.content)
      return {
        path: HOME_CONTENT_PATH,
        body: await this.sources.content.home(dismissedAlerts(req.cookies)),
        status: 200,
      };
    // The dealer locator page: its stores with no search, as the page's first read asks for them. A
    // remembered filter chip (locator_filter) changes that read: the client's to make.
    if (pathname === '/index.php' && search !== undefined && this.sources.locator) {
      const params = new URLSearchParams(search);
      const route = params.get('route');
      if ([...params.keys()].length !== 1 || route === null || !LOCATOR_PAGE_ROUTES.includes(route)) return null;
      if (req.cookies[LOCATOR_FILTER_COOKIE]) return null;
      return {
        path: LOCATOR_FIRST_PATH,
        body: await this.sources.locator.search('list', locatorQuerySchema.parse({ format: 'json' })),
        status: 200,
      };
    }
    if (pathname === '/product/catalog') {
      // Only the plain catalog: any query (page, sort, a vehicle's `fits`) is the client's to read.
      if (search !== undefined) return null;
      // The chosen store's stock on the cards, under the path the client asks with it (its cookie).
      const store = pickupStoreOf(req.cookies[LOCATOR_PICKUP_COOKIE]);
      const query = productsListQuerySchema.parse(store === null ? {} : { store });
      const cookie = req.cookies[VEHICLE_COOKIE];
      const found = cookie && this.sources.vehicles ? (await this.sources.vehicles.load(cookie)).vehicle : null;
      const vehicle = found && Object.keys(found.facets).length > 0 ? found : null;
      return {
        path: catalogFirstPath(store),
        body: await this.sources.products.list(query, new Date(), vehicle, req.user !== null),
        status: 200,
      };
    }
    const segment = /^\/([^/.]+)$/.exec(pathname)?.[1];
    if (!segment || segment === 'pos') return null;
    let slug: string;
    try {
      slug = decodeURIComponent(segment);
    } catch {
      return MALFORMED_LINK;
    }
    const parsed = productPageParamsSchema.safeParse({ slug });
    // Not a link anything can have (the API answers 400): the not-found page, with nothing to embed.
    if (!parsed.success) return MALFORMED_LINK;
    const user: SessionUser | null = req.user;
    const readPath = productPagePath(parsed.data.slug);
    try {
      return { path: readPath, body: await this.sources.pages.resolve(parsed.data.slug, user), status: 200 };
    } catch (err) {
      // A link to nothing: 404, with the API's own reply embedded for the client's read.
      if (!(err instanceof ServiceError) || err.kind !== 'not_found') throw err;
      const body: ApiError = { error: err.code, message: err.message };
      return { path: readPath, body, status: 404 };
    }
  }

  private loadRenderer(): Promise<FirstScreenRenderer | null> {
    this.renderer ??= (async () => {
      const file = path.join(this.staticDir, 'ssr', 'first-screen.js');
      if (!fs.existsSync(file)) return null;
      const mod = (await import(pathToFileURL(file).href)) as { renderer?: FirstScreenRenderer };
      return mod.renderer ?? null;
    })().catch((err: unknown) => {
      this.log.error({ err }, 'first screen renderer did not load; serving data only');
      return null;
    });
    return this.renderer;
  }
}

/** The stylesheets of a lazy page's chunks, from the lists the build wrote into index.html's inline script (vite.config.ts routePreload). */
function routeStyles(template: string, readPath: string): string[] {
  if (isCatalogFirstPath(readPath)) return [];
  // The home page's and the locator's lazy code have their own lists (vite.config.ts routePreload).
  const name = readPath === HOME_CONTENT_PATH ? 'home' : readPath === LOCATOR_FIRST_PATH ? 'locator' : 'slug';
  const list = new RegExp(`var ${name}Modules = (\\[[^\\]]*\\]);`).exec(template)?.[1];
  if (!list) return [];
  try {
    const files = JSON.parse(list) as unknown;
    return Array.isArray(files)
      ? files.filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.css$/.test(f))
      : [];
  } catch {
    return [];
  }
}

/**
 * The app's code starts once the server's markup has painted: the entry, its preloads and the
 * product route's chunks (index.html's inline script leaves those to this) are asked for one frame
 * after the first paint, or after 200 ms where there are no frames (a background tab). Started
 * with the HTML, their 150 KB would share a phone's slow link with the stylesheets the paint waits
 * for, and a browser that has them early would run the entry and React before painting at all.
 * Lighthouse's simulation likewise counts every request that finished before the largest paint.
 */
function startAfterFirstFrame(head: string): { head: string; starter: string } {
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/.exec(head);
  if (!entry?.[1]) return { head, starter: '' };
  let rest = head.replace(entry[0], '');
  const preloads: string[] = [];
  rest = rest.replace(
    /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g,
    (_tag, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  const starter =
    `    <script>(function () { var done = false; function go() { if (done) return; done = true; var h = document.head; ` +
    `${JSON.stringify(preloads)}.forEach(function (href) { var l = document.createElement("link"); l.rel = "modulepreload"; l.crossOrigin = ""; l.href = href; h.appendChild(l); }); ` +
    `if (window.__pdPreloadRoute) window.__pdPreloadRoute(); ` +
    `var s = document.createElement("script"); s.type = "module"; s.crossOrigin = ""; s.src = ${JSON.stringify(entry[1])}; h.appendChild(s); } ` +
    'var t = setTimeout(go, 200); requestAnimationFrame(function () { clearTimeout(t); setTimeout(go, 0); }); })();</script>\n';
  return { head: rest, starter };
}

/**
 * The page compressed for the caller (the build's .br/.gz siblings cover static files only; this
 * page is made per request). Brotli at a low level: ~1 ms for the catalog's ~28 KB, a fifth of the bytes.
 */
export function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s|,|$))`).test(acceptEncoding ?? '');
  const raw = Buffer.from(html, 'utf8');
  if (accepts('br'))
    return {
      body: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  if (accepts('gzip')) return { body: zlib.gzipSync(raw, { level: 6 }), encoding: 'gzip' };
  return { body: raw, encoding: null };
}
