/**
 * A POS as the checkout benchmark sees it: a signed-in session (cookie + CSRF token) over real
 * HTTP, orders built through /sync/push like a device builds them, and the card payment's
 * server-sent event stream read until its final event.
 */
import { randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';

export class PosClient {
  private cookie = '';
  private csrf = '';
  readonly clientId = randomUUID();
  private next = 1;

  private constructor(readonly base: string) {}

  static async signIn(base: string, user: string): Promise<PosClient> {
    const c = new PosClient(base);
    const r = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: user }),
    });
    if (r.status !== 200) throw new Error(`login ${user}: ${r.status}`);
    c.cookie = (r.headers.getSetCookie().find((s) => s.startsWith('pd_session=')) ?? '').split(';')[0] ?? '';
    c.csrf = ((await r.json()) as { csrfToken: string }).csrfToken;
    return c;
  }

  /** The session cookie (`pd_session=...`), for requests made without this client. */
  get sessionCookie(): string {
    return this.cookie;
  }

  /** Another "device" on the same staff session (its own sync client id and sequence). */
  device(): PosClient {
    const d = new PosClient(this.base);
    d.cookie = this.cookie;
    d.csrf = this.csrf;
    return d;
  }

  async call<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {
      cookie: this.cookie,
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };
    if (method === 'POST') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async push(name: string, args: Record<string, unknown>): Promise<void> {
    const r = await this.call<any>('POST', '/sync/push', {
      clientId: this.clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: this.next++, name, args, at: new Date().toISOString() }],
    });
    if (r.status !== 200 || r.body.results[0].status !== 'applied')
      throw new Error(`${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }

  /** A saved order with one untaxed custom line of `price`. */
  async order(price: string): Promise<string> {
    const id = randomUUID();
    await this.push('order.create', { id });
    await this.push('cart.addCustomProduct', {
      order_ref: id,
      line_id: randomUUID(),
      name: 'Bench part',
      price,
      quantity: 1,
      tax_class_id: null,
    });
    await this.push('order.save', { order_ref: id });
    return id;
  }

  /** Reads the attempt's event stream until it closes; returns the event names in order. */
  async events(path: string): Promise<string[]> {
    const r = await fetch(`${this.base}${path}`, { headers: { cookie: this.cookie, accept: 'text/event-stream' } });
    if (!r.body) throw new Error(`events: ${r.status}`);
    const reader = r.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1] ?? '');
  }
}
