/**
 * Fitment test support: a client that keeps every cookie like a browser (the shared TestClient
 * keeps only pd_session, and the vehicle rides on pd_vehicle), and fixtures found in the seeded
 * demo data, so the tests do not depend on which ids the generator happened to assign.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../server/db/schema';

export interface JarReply<T = any> {
  status: number;
  body: T;
  setCookies: string[];
}

export class JarClient {
  readonly jar = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(private readonly base: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<JarReply<T>> {
    const h: Record<string, string> = { accept: 'application/json', ...headers };
    if (this.jar.size) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.csrfToken && method !== 'GET') h['x-csrf-token'] = this.csrfToken;
    const res = await fetch(this.base + path, { method, headers: h, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, setCookies };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  postForm<T = any>(path: string, form: Record<string, string | number>) {
    const body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    return this.request<T>('POST', path, body, { 'content-type': 'application/x-www-form-urlencoded' });
  }

  async login(username: string, password: string): Promise<void> {
    const r = await this.request('POST', '/api/session', JSON.stringify({ username, password }), {
      'content-type': 'application/json',
    });
    if (r.status !== 200) throw new Error(`login failed: ${r.status}`);
    this.csrfToken = r.body.csrfToken;
  }
}

/** `field||id||label||encodedValue`, URL-encoded for a query string. */
export const item = (field: string, id: number | string, label = '', value = '') =>
  encodeURIComponent([field, id, label, encodeURIComponent(value)].join('||'));

export interface MaybeFixture {
  aaia: string;
  mpn: string;
  year: number;
  makeId: number;
  modelId: number;
  subModelId: number;
  productId: number;
}

/**
 * A part whose every fitment row for some year/make/model names a sub model and nothing else
 * optional: 'maybe' for that vehicle, 'yes' once one of those sub models is chosen.
 */
export async function maybeBySubModel(db: Kysely<DB>): Promise<MaybeFixture> {
  const r = await sql<MaybeFixture>`
select p.aaia, p.mpn, f.year_to as "year", f.make_id as "makeId", f.model_id as "modelId", f.sub_model_id as "subModelId",
  p.product_id as "productId"
from part_fitment f join products p on p.product_id = f.product_id
where f.sub_model_id is not null and f.body_type_id is null and f.bed_length_id is null and f.engine_config_id is null
  and p.status and not p.is_universal
  and not exists (
    select 1 from part_fitment g where g.product_id = f.product_id and g.make_id = f.make_id and g.model_id = f.model_id
      and f.year_to between g.year_from and g.year_to and g.sub_model_id is null)
order by p.product_id limit 1`.execute(db);
  if (!r.rows[0]) throw new Error('demo data has no part fitting by sub model only');
  return r.rows[0];
}
