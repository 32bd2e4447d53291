/**
 * Composition of the checkout, card terminal and notification services for app.ts: adapters
 * from the environment unless a test hands its own (a zero-latency simulator, a fake mailer).
 * Settings and clock are the sync push's (server/sync/create.ts SyncOptions), so a payment taken
 * here and the same payment pushed from a device's outbox obey the same rules.
 */
import type { Kysely } from 'kysely';
import { defaultStoreSettings } from '../../../src/domain/settings';
import { notifiersFromEnv } from '../../adapters/notify/create';
import type { Mailer, SmsSender } from '../../adapters/notify/types';
import { terminalFromEnv } from '../../adapters/terminal/create';
import type { Terminal } from '../../adapters/terminal/types';
import type { DB } from '../../db/schema';
import { CheckoutMutations, type SettingsLoader } from './checkout-mutations';
import { CheckoutService } from './checkout-service';
import { NotificationService } from '../notifications/notification-service';
import { NotificationSender } from '../notifications/notification-sender';
import { CardOutcomes } from '../payments/payment-card-outcome';
import { CardPaymentService } from '../payments/payment-card-service';
import { CardEventStreams } from '../payments/payment-card-stream';
import { PaymentEvents } from '../payments/payment-events';
import { PaymentLinkService } from '../payments/payment-link-service';
import { RefundService } from '../payments/payment-refund-service';

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

export interface CheckoutDeps {
  settings?: SettingsLoader;
  clock?: () => Date;
  log: (msg: string, err?: unknown) => void;
}

export function createCheckoutServices(db: Kysely<DB>, opts: CheckoutOptions, deps: CheckoutDeps): CheckoutServices {
  const fromEnv = opts.terminal ? null : terminalFromEnv();
  const terminal = opts.terminal ?? (fromEnv as NonNullable<typeof fromEnv>).terminal;
  const notifiers = opts.mailer && opts.sms ? { mailer: opts.mailer, sms: opts.sms, pollMs: undefined } : notifiersFromEnv();
  const mailer = opts.mailer ?? notifiers.mailer;
  const mutations = new CheckoutMutations(db, {
    settings: deps.settings ?? (() => Promise.resolve(defaultStoreSettings)),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const checkout = new CheckoutService(mutations, terminal);
  const sender = new NotificationSender(mutations.reader, {
    mailer,
    sms: opts.sms ?? notifiers.sms,
    clock: () => mutations.clock(),
    ...(opts.notifyBackoffMs ? { backoffMs: opts.notifyBackoffMs } : {}),
    pollMs: opts.notifyPollMs ?? notifiers.pollMs ?? 5_000,
    log: deps.log,
  });
  const events = new PaymentEvents();
  const outcomes = new CardOutcomes({ mutations, terminal, events, reversal: checkout.reversal, log: deps.log });
  const cards = new CardPaymentService({
    mutations,
    terminal,
    outcomes,
    timeoutMs: opts.terminalTimeoutMs ?? fromEnv?.timeoutMs ?? 120_000,
    log: deps.log,
  });
  return {
    checkout,
    cards,
    refunds: new RefundService(mutations, terminal, checkout),
    streams: new CardEventStreams(events, outcomes, mutations, { heartbeatMs: opts.heartbeatMs ?? 15_000, pollMs: opts.pollMs ?? 2_000 }),
    notifications: new NotificationService(mutations, sender),
    sender,
    links: new PaymentLinkService(mutations),
    terminal,
    publicUrl: opts.publicUrl,
    async close() {
      cards.close();
      terminal.close();
      await sender.stop();
      // A mailer the app made (pooled SMTP connections); one a test handed in is the test's to close.
      if (!opts.mailer) mailer.close?.();
    },
  };
}
