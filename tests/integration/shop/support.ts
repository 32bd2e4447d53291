/**
 * Shopper-side call tests: a browser-like client that keeps EVERY cookie (the guest's pd_shopper
 * as well as pd_session), and the real server with the seeded catalog (tests/integration/pos).
 */
import { expect } from 'vitest';
import { shopCartReplySchema, type ShopCartReply } from '../../../src/contracts/shop-cart';
import type { Reply } from '../../support/http-client';

export class ShopClient {
  private readonly jar = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(private readonly base: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.jar.size > 0) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken && method !== 'GET' && !('x-csrf-token' in headers)) h['x-csrf-token'] = this.csrfToken;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.base + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // the app shell
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.post('/api/session', { username, password });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status}`);
    this.csrfToken = (r.body as { csrfToken: string }).csrfToken;
  }
}

export const shopCart = (r: { status: number; body: unknown }): ShopCartReply => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return shopCartReplySchema.parse(r.body);
};

/** A second shopper account, registered through the real call. */
export async function registeredShopper(base: string, email: string): Promise<ShopClient> {
  const c = new ShopClient(base);
  const r = await c.post('/api/account/register', {
    firstname: 'Second',
    lastname: 'Shopper',
    email,
    telephone: '(555) 555-0199',
    password: 'secret123',
  });
  if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  c.csrfToken = (r.body as { csrfToken: string }).csrfToken;
  return c;
}

/** A shipping address the shop accepts (Austin, TX: country 223, zone 3644) for online-order tests. */
export const shipToAddress = {
  firstname: 'Pat',
  lastname: 'Shipper',
  company: '',
  address_1: '12 Main Street',
  address_2: '',
  city: 'Austin',
  postcode: '78701',
  country_id: 223,
  zone_id: 3644,
};
