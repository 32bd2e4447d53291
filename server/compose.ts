/**
 * The composition: every service of the app constructed in one place, with its adapters picked
 * from configuration (server/config.ts; tests hand their own: a zero-latency terminal, a fake
 * mailer, pinned appliers, settings and clock). app.ts registers routes on what this returns.
 *
 * Must stay true: ONE command runner (server/commands/runner.ts) serves every path that changes
 * sale data (the sync push, the staff cart and POS order calls, checkout and the terminal's answers,
 * the storefront checkout, appointments, the garage), so all of them run the same appliers with
 * the same settings and clock, and a refusal gets one status everywhere.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AltchaCaptcha } from './adapters/captcha/altcha';
import type { CaptchaProvider } from './adapters/captcha/types';
import { notifiersFrom } from './adapters/notify/create';
import type { Mailer, SmsSender } from './adapters/notify/types';
import { SimulatedOnlineGateway, type OnlinePaymentGateway } from './adapters/online-payment/storefront-gateway';
import { distributorFrom } from './adapters/distributor/create';
import type { Distributor } from './adapters/distributor/types';
import { terminalFrom } from './adapters/terminal/create';
import { DistributorService } from './services/distributor/distributor-service';
import { catalogListPrices } from './services/distributor/catalog-list-prices';
import type { Terminal } from './adapters/terminal/types';
import type { ApplierMap } from './commands/appliers/types';
import { CommandRunner } from './commands/runner';
import { withOnlineTender, type SettingsLoader } from './commands/settings';
import type { AdapterConfig } from './config';
import type { DB } from './db/schema';
import { AppointmentService } from './services/appointments/appointment-service';
import { AppointmentDayService } from './services/appointments/appointment-day';
import { CheckoutService } from './services/checkout/checkout-service';
import { CustomerVehicleService } from './services/fitment/customer-vehicle-service';
import { CreditService } from './services/customers/credit-service';
import { CustomerOrdersService } from './services/customers/customer-orders-service';
import { ReturnService } from './services/pos/return-service';
import { CustomerHistoryService } from './services/customers/history-service';
import { CustomerFormService } from './services/customers/customer-form-service';
import { CustomerIpService } from './services/customers/customer-ip-service';
import { CustomerTagService } from './services/customers/customer-tag-service';
import { geoLocatorFrom } from './adapters/geolocation/create';
import type { GeoLocator } from './adapters/geolocation/types';
import { FitmentService } from './services/fitment/fitment-service';
import { VEHICLE_COOKIE } from './services/fitment/fitment-vehicle-store';
import { NotificationService } from './services/notifications/notification-service';
import { NotificationSender } from './services/notifications/notification-sender';
import { CardOutcomes } from './services/payments/payment-card-outcome';
import { CardPaymentService } from './services/payments/payment-card-service';
import { CardEventStreams } from './services/payments/payment-card-stream';
import { PgCardEventBus, type CardEventBus } from './services/payments/card-event-bus';
import { PaymentEvents } from './services/payments/payment-events';
import { PaymentLinkService } from './services/payments/payment-link-service';
import { RefundService } from './services/payments/payment-refund-service';
import type { YmmVehicle } from './services/pos/pos-cart-reply';
import { PosOrderService } from './services/pos/pos-order-service';
import { ProductSettingsCache } from './services/catalog/product-settings';
import { ShopCartService } from './services/shop/shop-cart-service';
import { ShopCheckoutService } from './services/shop/shop-checkout-service';
import { ShopListsService } from './services/shop/shop-lists-service';
import { StaffCartService } from './services/pos/staff-cart-service';
import { StaffCartAccountService } from './services/pos/staff-cart-account';
import { StoreSettingsService } from './services/session/store-settings-service';
import { recordDiscard } from './sync/discard-service';
import { LocalPokeBus, PgPokeBus, type PokeBus } from './sync/poke-bus';
import { PokeHub } from './sync/poke-hub';
import { PullService } from './sync/pull-service';
import { PushService } from './sync/push-service';
import { StaffTokens } from './services/session/staff-tokens';
import type { SyncRouteDeps } from './sync/routes';

/** What tests swap in the command runner and the push; production uses the defaults. */
export interface SyncOptions {
  appliers?: ApplierMap;
  /** Store settings the mutators run with; read inside the mutation's transaction. Default: the shop's own. */
  settings?: SettingsLoader;
  clock?: () => Date;
  /** A push's time bound (server/sync/push-service.ts); PUSH_DEADLINE_MS unless a test sets it. */
  pushDeadlineMs?: number;
}

/** Card terminal, mail and SMS: from the configuration unless a test hands its own. */
export interface CheckoutOptions {
  terminal?: Terminal;
  /** Wait for a terminal answer before asking for the attempt's status (TERMINAL_TIMEOUT_MS). */
  terminalTimeoutMs?: number;
  mailer?: Mailer;
  sms?: SmsSender;
  /** SSE heartbeat comment interval (default 15 s) and the database poll for foreign attempts (2 s). */
  heartbeatMs?: number;
  pollMs?: number;
  /** Origin put in payment links (PUBLIC_URL, server/config.ts); unset: payment links are refused. */
  publicUrl?: string;
  /** The outbox sender's poll (default 5000 ms; 0: no background loop) and retry delays. */
  notifyPollMs?: number;
  notifyBackoffMs?: readonly number[];
}

/** The poke streams (server/sync/poke-hub.ts); tests shorten the heartbeat or the cap. */
export interface PokeOptions {
  /** PostgreSQL's URL: pokes cross server processes by LISTEN/NOTIFY. Unset (PGlite): in-process only. */
  databaseUrl?: string | undefined;
  maxStreams?: number;
  heartbeatMs?: number;
}

export interface ComposeOptions {
  db: Kysely<DB>;
  /** STAFF_TOKEN_SECRET (server/config.ts); unset: the database's own key (server/services/session/staff-tokens.ts). */
  staffTokenSecret?: string | undefined;
  poke?: PokeOptions;
  /** The outside services' configuration (server/config.ts adapterConfig). */
  adapters: AdapterConfig;
  sync?: SyncOptions;
  checkout?: CheckoutOptions;
  /** The storefront checkout's card processor; default the built-in simulator. */
  onlinePayments?: OnlinePaymentGateway;
  /** The Contact Us and custom forms' captcha; default ALTCHA proof of work (server/adapters/captcha/altcha.ts). */
  captcha?: CaptchaProvider;
  /** PUBLIC_URL (server/config.ts): the only origin put in payment links; unset, links are refused. */
  publicUrl?: string | undefined;
  /** The parts distributor; default from the configuration (DISTRIBUTOR). null: none. */
  distributor?: Distributor | null;
  /** IP geolocation; default from the configuration (GEOLOCATION). null: none. */
  geolocation?: GeoLocator | null;
  log: (msg: string, err?: unknown) => void;
}

export interface PosServices {
  cart: StaffCartService;
  orders: PosOrderService;
  /** The browser's current YMM selection (the pd_vehicle fitment cookie), shown as the cart's ymm_vehicle. */
  ymm(req: FastifyRequest): Promise<YmmVehicle>;
}

export interface ShopServices {
  cart: ShopCartService;
  lists: ShopListsService;
  checkout: ShopCheckoutService;
}

export interface CheckoutServices {
  checkout: CheckoutService;
  cards: CardPaymentService;
  refunds: RefundService;
  streams: CardEventStreams;
  notifications: NotificationService;
  sender: NotificationSender;
  links: PaymentLinkService;
  terminal: Terminal;
  publicUrl: string | undefined;
  close(): Promise<void>;
}

export interface Services {
  runner: CommandRunner;
  /** Issues (sign-in) and checks (push) the staff tokens devices stamp on queued changes. */
  staffTokens: StaffTokens;
  sync: SyncRouteDeps;
  pos: PosServices;
  shop: ShopServices;
  checkout: CheckoutServices;
  appointments: AppointmentService;
  appointmentDay: AppointmentDayService;
  customerVehicles: CustomerVehicleService;
  credits: CreditService;
  customerOrders: CustomerOrdersService;
  returns: ReturnService;
  customerHistory: CustomerHistoryService;
  customerForm: CustomerFormService;
  customerIps: CustomerIpService;
  customerTags: CustomerTagService;
  distributor: DistributorService;
  mailer: Mailer;
  captcha: CaptchaProvider;
  shopSettings: ProductSettingsCache;
  /** The staff cart's logoutCustomer, processPost and setPaymentData (routes/staff-cart-account.ts). */
  cartAccount: StaffCartAccountService;
}

export function composeServices(opts: ComposeOptions): Services {
  const { db } = opts;
  const sync = opts.sync ?? {};
  // Every path that runs a mutator reads the shop's own settings unless a test pins them.
  const storeSettings = new StoreSettingsService();
  const settings: SettingsLoader = sync.settings ?? ((d) => storeSettings.load(d));
  const poke = composePoke(db, opts.poke ?? {}, opts.log);
  const staffTokens = new StaffTokens(db, opts.staffTokenSecret);
  const runner = new CommandRunner(db, {
    ...(sync.appliers ? { appliers: sync.appliers } : {}),
    settings,
    ...(sync.clock ? { clock: sync.clock } : {}),
    onCommit: () => poke.changed(),
  });
  const notifiers = opts.checkout?.mailer && opts.checkout.sms ? null : notifiersFrom(opts.adapters.notify);
  const mailer = opts.checkout?.mailer ?? (notifiers as NonNullable<typeof notifiers>).mailer;
  // One cached read of the storefront's settings (prices, guest checkout, popout) for every hot path.
  const shopSettings = new ProductSettingsCache();
  const checkout = composeCheckout(
    runner,
    {
      ...opts.checkout,
      ...((opts.checkout?.publicUrl ?? opts.publicUrl)
        ? { publicUrl: opts.checkout?.publicUrl ?? opts.publicUrl }
        : {}),
    },
    {
      mailer,
      sms: opts.checkout?.sms ?? (notifiers as NonNullable<typeof notifiers>).sms,
      pollMs: notifiers?.pollMs,
      terminalConfig: opts.adapters.terminal,
      ownsMailer: !opts.checkout?.mailer,
      log: opts.log,
      // Several processes on PostgreSQL: a card event reaches the streams of the others (card-event-bus.ts).
      cardBus: opts.poke?.databaseUrl
        ? new PgCardEventBus({ url: opts.poke.databaseUrl, db, log: opts.log })
        : undefined,
    },
  );
  return {
    runner,
    staffTokens,
    sync: {
      push: new PushService(db, {
        runner,
        staffTokens,
        ...(sync.pushDeadlineMs !== undefined ? { deadlineMs: sync.pushDeadlineMs } : {}),
      }),
      pull: new PullService(db),
      discard: (req, actor) => recordDiscard(db, req, actor, runner.clock()),
      poke,
    },
    pos: composePos(runner, db),
    shop: composeShop(runner, db, settings, opts.onlinePayments ?? new SimulatedOnlineGateway(), shopSettings),
    checkout,
    appointments: new AppointmentService(runner),
    appointmentDay: new AppointmentDayService(runner),
    customerVehicles: new CustomerVehicleService(runner),
    credits: new CreditService(runner),
    customerOrders: new CustomerOrdersService(runner),
    returns: new ReturnService(runner, checkout.terminal),
    customerHistory: new CustomerHistoryService(runner),
    cartAccount: new StaffCartAccountService(runner, new StaffCartService(runner)),
    customerForm: new CustomerFormService(runner),
    customerIps: new CustomerIpService(
      db,
      opts.geolocation === undefined
        ? geoLocatorFrom(opts.adapters.geolocation ?? { kind: 'dataset' })
        : opts.geolocation,
    ),
    customerTags: new CustomerTagService(runner),
    distributor: new DistributorService(
      db,
      opts.distributor === undefined
        ? distributorFrom(opts.adapters.distributor, catalogListPrices(db))
        : opts.distributor,
    ),
    mailer,
    captcha: opts.captcha ?? new AltchaCaptcha(db, opts.adapters.captcha),
    shopSettings,
  };
}

/** One hub per process; on PostgreSQL its bus LISTENs on a dedicated connection (server/sync/poke-bus.ts). */
function composePoke(db: Kysely<DB>, opts: PokeOptions, log: (msg: string, err?: unknown) => void): PokeHub {
  const bus: PokeBus = opts.databaseUrl ? new PgPokeBus({ url: opts.databaseUrl, log }) : new LocalPokeBus();
  return new PokeHub(db, {
    bus,
    shared: opts.databaseUrl !== undefined,
    ...(opts.maxStreams !== undefined ? { maxStreams: opts.maxStreams } : {}),
    ...(opts.heartbeatMs !== undefined ? { heartbeatMs: opts.heartbeatMs } : {}),
    log,
  });
}

function composePos(runner: CommandRunner, db: Kysely<DB>): PosServices {
  const fitment = new FitmentService(db);
  return {
    cart: new StaffCartService(runner),
    orders: new PosOrderService(runner),
    async ymm(req) {
      const v = await fitment.getVehicle(req.cookies[VEHICLE_COOKIE]);
      return v.label === '' ? null : { label: v.label, facets: v.facets };
    },
  };
}

/** The storefront checkout runs with the online tender allowed (server/commands/settings.ts withOnlineTender). */
function composeShop(
  runner: CommandRunner,
  db: Kysely<DB>,
  settings: SettingsLoader,
  gateway: OnlinePaymentGateway,
  shopSettings: ProductSettingsCache,
): ShopServices {
  const cart = new ShopCartService(db, settings, shopSettings, gateway.simulated === true);
  return {
    cart,
    lists: new ShopListsService(db, shopSettings),
    checkout: new ShopCheckoutService(runner.withSettings(withOnlineTender), cart, gateway),
  };
}

interface CheckoutAdapters {
  mailer: Mailer;
  sms: SmsSender;
  pollMs: number | undefined;
  terminalConfig: AdapterConfig['terminal'];
  /** A mailer the app made (pooled SMTP connections) is closed with the app; one a test handed in is the test's. */
  ownsMailer: boolean;
  log: (msg: string, err?: unknown) => void;
  /** PostgreSQL with several processes: announces card events to the others. */
  cardBus: CardEventBus | undefined;
}

function composeCheckout(runner: CommandRunner, opts: CheckoutOptions, a: CheckoutAdapters): CheckoutServices {
  const fromConfig = opts.terminal ? null : terminalFrom(a.terminalConfig);
  const terminal = opts.terminal ?? (fromConfig as NonNullable<typeof fromConfig>).terminal;
  const checkout = new CheckoutService(runner, terminal);
  const sender = new NotificationSender(runner.reader, {
    mailer: a.mailer,
    sms: a.sms,
    clock: () => runner.clock(),
    ...(opts.notifyBackoffMs ? { backoffMs: opts.notifyBackoffMs } : {}),
    pollMs: opts.notifyPollMs ?? a.pollMs ?? 5_000,
    log: a.log,
  });
  const bus = a.cardBus;
  const events = new PaymentEvents(bus ? (id) => bus.announce(id) : undefined);
  const outcomes = new CardOutcomes({ mutations: runner, terminal, events, reversal: checkout.reversal, log: a.log });
  const cards = new CardPaymentService({
    mutations: runner,
    terminal,
    outcomes,
    timeoutMs: opts.terminalTimeoutMs ?? fromConfig?.timeoutMs ?? 120_000,
    log: a.log,
  });
  return {
    checkout,
    cards,
    refunds: new RefundService(runner, terminal, checkout),
    streams: new CardEventStreams(
      events,
      outcomes,
      runner,
      {
        heartbeatMs: opts.heartbeatMs ?? 15_000,
        // With the bus the poll is only the safety net for a lost notification.
        pollMs: opts.pollMs ?? a.terminalConfig.pollMs ?? (bus ? 10_000 : 2_000),
      },
      bus,
    ),
    notifications: new NotificationService(runner, sender),
    sender,
    links: new PaymentLinkService(runner),
    terminal,
    publicUrl: opts.publicUrl,
    async close() {
      cards.close();
      terminal.close();
      await sender.stop();
      await bus?.close();
      if (a.ownsMailer) a.mailer.close?.();
    },
  };
}
