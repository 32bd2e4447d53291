import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { composeServices, type CheckoutOptions, type PokeOptions, type SyncOptions } from './compose';
import { adapterConfig, type AdapterConfig, type MapTilesConfig } from './config';
import { installGuard } from './auth/guard';
import type { Engine } from './db/database';
import type { DB } from './db/schema';
import { FirstScreen } from './http/first-screen';
import { installErrorHandling } from './http/error-handling';
import { assertAccessDeclared } from './http/route-registry';
// The route × role matrix and the HTTP fuzz tests list the app's routes through here.
export { registeredRoutes, type RegisteredRoute } from './http/route-registry';
import { installInputGuard } from './http/input-guard';
import { requestSerializer } from './http/redact';
import { installSecurityHeaders } from './http/security-headers';
import { contentRoutes } from './routes/content';
import { ContentService } from './services/content/content-service';
import { demoImageRoutes } from './routes/demo-images';
import { DemoImageService } from './services/demo/demo-image-service';
import { catalogRoutes } from './routes/catalog';
import { searchRoutes } from './routes/search';
import { checkoutRoutes } from './routes/checkout';
import { notifyRoutes } from './routes/notify';
import { auditRoutes } from './routes/audit';
import { AuditService } from './services/session/audit-service';
import { appointmentRoutes } from './routes/appointments';
import { fitmentRoutes } from './routes/fitment';
import { customerVehicleRoutes } from './routes/customer-vehicle';
import { customerCreditRoutes } from './routes/customer-credit';
import { customerOrderRoutes } from './routes/customer-orders';
import { customerHistoryRoutes } from './routes/customer-history';
import { customerFormRoutes } from './routes/customer-form';
import { customerIpRoutes } from './routes/customer-ip';
import { customerTagRoutes } from './routes/customer-tag';
import type { GeoLocator } from './adapters/geolocation/types';
import { healthRoutes } from './routes/health';
import { SHUTDOWN_RETRY_MS } from './shutdown';
import { rateLimitStore } from './http/rate-limit-store';
import { hitCounterFor } from './services/session/hit-counter';
import { orderRoutes } from './routes/orders';
import { posOrderRoutes } from './routes/pos-order';
import { staffCartRoutes } from './routes/staff-cart';
import { staffCartAccountRoutes } from './routes/staff-cart-account';
import { shopCartIndexRoutes, shopperDispatch } from './routes/shop-cart';
import { shopListRoutes } from './routes/shop-lists';
import { shopCheckoutRoutes } from './routes/shop-checkout';
import { onlineOrderRoutes } from './routes/online-orders';
import { OnlineOrderService } from './services/pos/online-order-service';
import { AccountOrdersService } from './services/shop/account-orders-service';
import type { OnlinePaymentGateway } from './adapters/online-payment/storefront-gateway';
import { sessionRoutes } from './routes/session';
import { syncRoutes } from './sync/routes';
import { snapshotRoutes } from './sync/snapshot-routes';
import { SNAPSHOT_SCHEMA, SnapshotService, type SnapshotOptions } from './sync/snapshot-service';
import { PullService } from './sync/pull-service';
import compress from '@fastify/compress';
import { FitmentService } from './services/fitment/fitment-service';
import { FitmentVehicleStore } from './services/fitment/fitment-vehicle-store';
import { AccountService } from './services/session/account-service';
import { HealthService } from './services/session/health-service';
import { OrderListService } from './services/pos/order-list-service';
import { ProductService } from './services/catalog/product-service';
import { productRoutes } from './routes/product';
import { formRoutes } from './routes/forms';
import { FormService } from './services/forms/form-service';
import { AppointmentRequestService } from './services/forms/appointment-request-service';
import { ProductContactService } from './services/catalog/product-contact-service';
import { ProductInventoryService } from './services/catalog/product-inventory-service';
import { ProductPageService } from './services/catalog/product-page-service';
import type { CaptchaProvider } from './adapters/captcha/types';
import type { Distributor } from './adapters/distributor/types';
import { distributorRoutes } from './routes/distributor';
import { Metrics, requestIdOf } from './http/metrics';
import { metricsRoutes } from './routes/metrics';
import { seenDevices } from './services/session/device-metrics';
import type pg from 'pg';
import { SearchService } from './services/catalog/search-service';
import { SessionService } from './services/session/session-service';
import { giftCertificateRoutes } from './routes/gift-certificate';
import { GiftCertificateService } from './services/pos/gift-certificate-service';
import { customFieldAdminRoutes } from './routes/custom-field-admin';
import { CustomFieldAdminService } from './services/customers/custom-field-admin-service';
import { deviceSetupRoutes, type DeviceSetup } from './routes/device-setup';
import { dealerLocatorRoutes } from './routes/dealer-locator';
import { LocatorService } from './services/locator/locator-service';
import { packageZipGeocoder } from './services/locator/zip-geocoder';
import type { CookieSecurity, TrustProxy } from './config';
import { kioskRoutes } from './routes/kiosk';
import { kioskAdminRoutes } from './routes/kiosk-admin';
import { formAdminRoutes } from './routes/forms-admin';
import { KioskAdminService } from './services/kiosk/kiosk-admin-service';
import { FormAdminService } from './services/forms/form-admin-service';
import { KioskService } from './services/kiosk/kiosk-service';

export interface AppOptions {
  db: Kysely<DB>;
  engine: Engine;
  staticDir: string;
  sessionTtlMs: number;
  secureCookies: CookieSecurity;
  logLevel?: string;
  /** Where the log goes (tests read it); default stdout. */
  logStream?: { write(line: string): void };
  /** Longest a request (headers and body) may take to arrive; default 30 s (slow-body attacks). */
  requestTimeoutMs?: number;
  loginLimitPerMinute?: number;
  /** STAFF_TOKEN_SECRET (server/config.ts); unset: the key stored in the database. */
  staffTokenSecret?: string | undefined;
  /** Tests swap appliers and the clock; production uses the defaults. */
  sync?: SyncOptions;
  /** Card terminal, mail and SMS adapters a test hands in; default from `adapters`. */
  checkout?: CheckoutOptions;
  /** The outside services' configuration (server/config.ts); default read from the environment there. */
  adapters?: AdapterConfig;
  /** The storefront checkout's card processor; default the built-in simulator. */
  onlinePayments?: OnlinePaymentGateway;
  /** The Contact Us and custom forms' captcha; default ALTCHA proof of work (server/adapters/captcha/altcha.ts). */
  captcha?: CaptchaProvider;
  /** The parts distributor; default from the environment (DISTRIBUTOR, server/adapters/distributor). null: none. */
  distributor?: Distributor | null;
  /** IP geolocation; default from the environment (GEOLOCATION, server/adapters/geolocation). null: none. */
  geolocation?: GeoLocator | null;
  /** PUBLIC_URL (server/config.ts): the only origin put in payment links; unset, links are refused. */
  publicUrl?: string | undefined;
  /**
   * First-sync snapshots (server/sync/snapshot-service.ts): `build: true` builds them in the
   * background (server/main.ts turns it on; tests that want one build it themselves); the routes
   * always answer (none ready: the device pulls from 0).
   */
  snapshots?: Partial<SnapshotOptions> & { build?: boolean };
  /** GET /sync/poke: PostgreSQL's URL (pokes cross processes by LISTEN/NOTIFY), the stream cap, the heartbeat. */
  poke?: PokeOptions;
  /** METRICS_TOKEN (server/config.ts): a scraper's bearer token for GET /metrics; unset, admins only. */
  metricsToken?: string | undefined;
  /** TAG_MANAGER_ID (server/config.ts): the storefront's tag manager container; unset, none loads. */
  tagManagerId?: string | null;
  /** MAP_TILE_URL (server/config.ts): the dealer locator's tile server; unset, the SVG map and no outside image. */
  mapTiles?: MapTilesConfig | null;
  /** The PostgreSQL pool, for GET /metrics's pool figures; absent on PGlite. */
  pool?: pg.Pool | undefined;
  /** HTTPS on the shop network: the /setup/device page's address and certificate (server/main.ts). */
  deviceSetup?: DeviceSetup;
  /** TRUST_PROXY (server/config.ts): Fastify's trustProxy; default false. */
  trustProxy?: TrustProxy;
}

/** Builds the whole HTTP surface: API, auth, the built PWA and its SPA fallback. Does not listen. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Payment-link tokens never reach the log (server/http/redact.ts).
    logger: {
      level: opts.logLevel ?? 'info',
      serializers: { req: requestSerializer },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    // A body that dribbles in holds a socket and a parser: the whole request arrives within this.
    requestTimeout: opts.requestTimeoutMs ?? 30_000,
    // Wi-Fi at the counter drops; do not hold sockets for minutes.
    connectionTimeout: 30_000,
    bodyLimit: 4 * 1024 * 1024,
    // Every log line of a request carries its reqId; the reply carries it as x-request-id (http/metrics.ts).
    genReqId: requestIdOf,
    // A request that arrives on a kept-alive connection while the process closes is served, with
    // `Connection: close` (server/shutdown.ts), not answered 503: the database is still open until
    // every such request finished, and nothing in front of a cluster worker would retry the 503.
    return503OnClosing: false,
    ...(opts.trustProxy ? { trustProxy: opts.trustProxy } : {}),
  });

  assertAccessDeclared(app);
  await app.register(cookie);
  await app.register(formbody);
  // Several processes on one PostgreSQL database share what each one's memory would otherwise hold
  // (docs/operations.md "Running several processes"); PGlite has one process.
  const shared = opts.engine === 'postgres';
  const hits = hitCounterFor(opts.db, shared);
  // preHandler, not onRequest: the login limit keys on the username, which needs the parsed body.
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: rateLimitStore(hits) });
  // JSON and text replies compressed (brotli, else gzip): a 20,000-row pull page is megabytes of
  // JSON. Event streams (poke, card events) hijack the reply, so they never pass through it, and
  // text/event-stream is left out besides; replies that set their own encoding are left alone.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes:
      /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)x-ndjson(?:;|$)|(?:\+|\/)(?:javascript|xml)(?:;|$)/,
  });

  const sessions = new SessionService(opts.db, opts.sessionTtlMs);
  installGuard(app, sessions);
  const services = composeServices({
    db: opts.db,
    staffTokenSecret: opts.staffTokenSecret,
    adapters: opts.adapters ?? adapterConfig(),
    ...(opts.sync ? { sync: opts.sync } : {}),
    ...(opts.checkout ? { checkout: opts.checkout } : {}),
    ...(opts.onlinePayments ? { onlinePayments: opts.onlinePayments } : {}),
    ...(opts.captcha ? { captcha: opts.captcha } : {}),
    publicUrl: opts.publicUrl,
    ...(opts.distributor !== undefined ? { distributor: opts.distributor } : {}),
    ...(opts.geolocation !== undefined ? { geolocation: opts.geolocation } : {}),
    ...(opts.poke ? { poke: opts.poke } : {}),
    log: (msg, err) => app.log.error({ err }, msg),
  });
  const { shopSettings, pos, shop, checkout } = services;
  // The search listing (/api/products/?search=) ranks like the autocomplete: one brand/series/category cache.
  const search = new SearchService(opts.db, shopSettings);
  const products = new ProductService(opts.db, search.facets, shopSettings);
  const pages = new ProductPageService(opts.db, shopSettings);
  const tagManager = (opts.tagManagerId ?? null) !== null;
  const mapTiles = opts.mapTiles ?? null;
  installSecurityHeaders(app, opts.staticDir, tagManager, mapTiles?.origin ?? null);
  installInputGuard(app);
  const content = new ContentService(opts.db, {
    tagManagerId: opts.tagManagerId ?? null,
    mapTiles: mapTiles && { url: mapTiles.url, attribution: mapTiles.attribution },
  });
  const locator = new LocatorService(opts.db, packageZipGeocoder);
  installErrorHandling(
    app,
    opts.staticDir,
    new FirstScreen(
      opts.staticDir,
      { products, pages, content, vehicles: new FitmentVehicleStore(opts.db), locator },
      app.log,
    ),
    tagManager,
    mapTiles?.origin ?? null,
  );

  healthRoutes(app, new HealthService(opts.db, opts.engine));
  sessionRoutes(app, {
    sessions,
    accounts: new AccountService(opts.db),
    staffTokens: services.staffTokens,
    secureCookies: opts.secureCookies,
    ttlMs: opts.sessionTtlMs,
    loginLimit: opts.loginLimitPerMinute ?? 10,
    hits,
    publicUrl: checkout.publicUrl,
    customerIps: services.customerIps,
  });
  catalogRoutes(app, products, new FitmentVehicleStore(opts.db));
  demoImageRoutes(app, new DemoImageService());
  searchRoutes(app, search);
  orderRoutes(app, new OrderListService(opts.db));
  productRoutes(app, {
    pages,
    inventory: new ProductInventoryService(opts.db),
    contact: new ProductContactService(opts.db, checkout.sender),
    captcha: services.captcha,
    hits,
  });
  formRoutes(app, {
    forms: new FormService(opts.db, checkout.sender),
    requests: new AppointmentRequestService(opts.db, checkout.sender),
    captcha: services.captcha,
    hits,
  });
  const metrics = new Metrics({
    devices: (ids) => seenDevices(opts.db, ids),
    pokeConnections: () => services.sync.poke.size,
    pool: opts.pool,
  });
  metrics.install(app);
  metricsRoutes(app, metrics, opts.metricsToken);
  syncRoutes(app, { ...services.sync, observe: metrics });
  const { build: buildSnapshots, ...snapshotOpts } = opts.snapshots ?? {};
  const snapshots = new SnapshotService(opts.db, new PullService(opts.db), {
    schema: SNAPSHOT_SCHEMA,
    checkMs: 60_000,
    lockAcrossProcesses: opts.engine === 'postgres',
    log: (msg, err) => app.log.error({ err }, msg),
    ...snapshotOpts,
  });
  snapshotRoutes(app, snapshots);
  if (buildSnapshots) app.addHook('onReady', (done) => (snapshots.start(), done()));
  app.addHook('onClose', () => snapshots.stop());
  fitmentRoutes(app, new FitmentService(opts.db), { secureCookies: opts.secureCookies });
  customerVehicleRoutes(app, services.customerVehicles);
  customerCreditRoutes(app, services.credits);
  customerOrderRoutes(app, { lists: services.customerOrders, returns: services.returns });
  customerHistoryRoutes(app, services.customerHistory);
  customerFormRoutes(app, services.customerForm);
  customerIpRoutes(app, services.customerIps);
  customerTagRoutes(app, services.customerTags);
  // Guests and customers share the cart paths with staff: the shopper cart answers them (routes/shop-cart.ts).
  const shopCookies = { secureCookies: opts.secureCookies };
  const cartDeps = { ...pos, shopper: shopperDispatch(shop.cart, shopCookies) };
  staffCartRoutes(app, cartDeps);
  staffCartAccountRoutes(app, services.cartAccount, (req) => pos.ymm(req));
  shopCartIndexRoutes(app, shop.cart, shopCookies);
  shopListRoutes(app, shop.lists, shopCookies);
  // Online orders (issue 23): the counter's steps, the shopper's history, the confirmation sent at once.
  const onlineOrders = new OnlineOrderService(services.runner, checkout.sender);
  shopCheckoutRoutes(app, shop.checkout, services.customerIps, (id) => onlineOrders.deliverConfirmation(id));
  onlineOrderRoutes(app, { online: onlineOrders, accountOrders: new AccountOrdersService(opts.db) });
  posOrderRoutes(app, pos.orders, cartDeps, (ip) => services.customerIps.customersAt(ip));
  checkoutRoutes(app, checkout);
  notifyRoutes(app, checkout);
  auditRoutes(app, new AuditService(opts.db));
  pos.orders.notifier = checkout.sender;
  appointmentRoutes(app, {
    appointments: services.appointments,
    day: services.appointmentDay,
    deliverSource: (ref) => checkout.sender.deliverSource(ref),
  });
  distributorRoutes(app, services.distributor);
  giftCertificateRoutes(app, new GiftCertificateService(opts.db));
  customFieldAdminRoutes(app, new CustomFieldAdminService(opts.db, () => services.sync.poke.changed()));
  dealerLocatorRoutes(app, {
    locator,
    cart: shop.cart,
    secureCookies: opts.secureCookies,
  });
  contentRoutes(app, content);
  deviceSetupRoutes(app, opts.deviceSetup, opts.publicUrl);
  // The showroom kiosk's calls (storefront.md §7 Kiosk); its orders come through the sync push.
  kioskRoutes(app, {
    kiosk: new KioskService(opts.db),
    sessions,
    secureCookies: opts.secureCookies,
    ttlMs: opts.sessionTtlMs,
  });
  // The admin's kiosk settings and video report, and the custom forms' admin (issue 24).
  kioskAdminRoutes(app, new KioskAdminService(opts.db));
  formAdminRoutes(app, new FormAdminService(opts.db));
  // Card attempts left pending by a previous process are settled by asking the terminal.
  app.addHook('onReady', (done) => {
    void checkout.cards.recover().catch((err: unknown) => app.log.error({ err }, 'card payment recovery failed'));
    // Messages left queued (or claimed by a process that died) go out from here on.
    checkout.sender.start();
    done();
  });
  // A process serves once it hears the other processes' pokes (PostgreSQL LISTEN, server/sync/poke-bus.ts).
  app.addHook('onReady', () => services.sync.poke.ready());
  // And the other processes' card events (PostgreSQL NOTIFY, server/services/payments/card-event-bus.ts).
  app.addHook('onReady', () => checkout.streams.ready());
  app.addHook('preClose', async () => {
    // Open event streams would keep app.close() waiting for their sockets; clients reconnect
    // (through the proxy, to another process) after the hint.
    checkout.streams.endAll((sink) => sink.retry?.(SHUTDOWN_RETRY_MS));
    await services.sync.poke.close();
  });
  app.addHook('onClose', async () => {
    await checkout.close();
  });

  // The home page is a client route like any other. Left to the static wildcard, '/' is the build
  // directory itself (index: false): 403 to a client that does not ask for compressed files.
  app.get('/', { config: { access: 'public' } }, (_req, reply) => reply.callNotFound());

  if (fs.existsSync(opts.staticDir)) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      index: false,
      wildcard: true,
      // dist/ holds .br/.gz siblings written by the build (vite.config.ts precompress()).
      preCompressed: true,
      // dist/ssr/ is the server's own first-screen renderer (http/first-screen.ts), not a page asset.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // Our own Cache-Control below; send's default (public, max-age=0) would overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else must be revalidated so an update lands.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
