/**
 * The storefront's online card payment, behind a port so a real processor can replace the
 * simulator without touching the checkout service.
 *
 * Contract of `authorize`: called once per checkout attempt with a stable `reference` (the
 * checkout key); calling it again with the same reference must not charge twice (a real adapter
 * passes it as the processor's idempotency key). It answers approved (with the card's brand and
 * last 4 digits: nothing else of the card is kept) or declined with a message a shopper may read.
 * It never throws for a decline; it throws only when the processor cannot be reached.
 *
 * Contract of `void`: releases the authorization made under `reference` (the order could not be
 * stored after the card was approved). Voiding twice, or a reference never authorized, is a no-op.
 * After a void the same reference may be authorized again (the shopper retries the checkout).
 */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type AuthorizeResult =
  { approved: true; brand: string; last4: string; authCode: string } | { approved: false; message: string };

export interface OnlinePaymentGateway {
  authorize(req: { reference: string; amount: string; card: CardInput; now: Date }): Promise<AuthorizeResult>;
  void(reference: string): Promise<void>;
  /** True for the built-in simulator only: the checkout then says it is in test mode. */
  readonly simulated?: boolean;
}

/** What the simulated processor holds per reference: what a shop would see in its processor's dashboard. */
export interface LedgerEntry {
  amount: string;
  status: 'authorized' | 'voided';
  result: AuthorizeResult & { approved: true };
}

export const CARD_DECLINED = 'Card declined';
export const CARD_EXPIRED = 'Card expired';

/** Published test numbers (as the payment-link page accepts) and what the simulator does with them. */
export const TEST_CARDS: Readonly<Record<string, { brand: string; decline?: string }>> = {
  '4242424242424242': { brand: 'Visa' },
  '4000056655665556': { brand: 'Visa Debit' },
  '5555555555554444': { brand: 'Mastercard' },
  '378282246310005': { brand: 'Amex' },
  '6011111111111117': { brand: 'Discover' },
  '4000000000000002': { brand: 'Visa', decline: CARD_DECLINED },
};

/**
 * Simulated processor: test cards only (anything else is declined), expiry checked against the
 * server clock, a short latency like a real call. Deterministic, so tests can rely on it.
 * Like a real processor it keeps its own ledger keyed by reference (the idempotency key): a
 * repeated authorize of a live authorization answers it again instead of charging twice.
 */
export class SimulatedOnlineGateway implements OnlinePaymentGateway {
  readonly simulated = true;

  readonly ledger = new Map<string, LedgerEntry>();

  constructor(private readonly latencyMs = 50) {}

  private async latency(): Promise<void> {
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
  }

  async authorize(req: { reference: string; amount: string; card: CardInput; now: Date }): Promise<AuthorizeResult> {
    await this.latency();
    const live = this.ledger.get(req.reference);
    if (live?.status === 'authorized') {
      if (live.amount === req.amount) return live.result;
      // The same key for another amount: a real processor refuses the reuse; the simulator releases the old hold first.
      live.status = 'voided';
    }
    const result = this.decide(req);
    if (result.approved) this.ledger.set(req.reference, { amount: req.amount, status: 'authorized', result });
    return result;
  }

  async void(reference: string): Promise<void> {
    await this.latency();
    const entry = this.ledger.get(reference);
    if (entry) entry.status = 'voided';
  }

  private decide(req: { reference: string; card: CardInput; now: Date }): AuthorizeResult {
    const card = TEST_CARDS[req.card.number];
    if (!card) return { approved: false, message: CARD_DECLINED };
    const [mm = '0', yy = '0'] = req.card.expiry.split('/');
    if (Date.UTC(2000 + Number(yy), Number(mm), 1) <= req.now.getTime())
      return { approved: false, message: CARD_EXPIRED };
    if (card.decline) return { approved: false, message: card.decline };
    return {
      approved: true,
      brand: card.brand,
      last4: req.card.number.slice(-4),
      authCode: `SIM-${req.reference.slice(0, 8).toUpperCase()}`,
    };
  }
}
