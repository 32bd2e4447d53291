/**
 * The callers of the route × role matrix and the security suites: one signed-in client per role,
 * plus a second shopper account (the "other shopper" of IDOR swaps).
 */
import { TestClient } from '../../support/http-client';

export const MATRIX_ROLES = ['guest', 'shopper', 'other', 'cashier', 'installer', 'admin', 'kiosk'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export const OTHER_SHOPPER = {
  firstname: 'Olga',
  lastname: 'Other',
  email: 'other.shopper@example.com',
  password: 'other1',
  telephone: '',
  newsletter: false,
};

export async function signInAll(base: string): Promise<Record<MatrixRole, TestClient>> {
  const clients = {} as Record<MatrixRole, TestClient>;
  for (const role of MATRIX_ROLES) clients[role] = await signInAs(base, role);
  return clients;
}

export async function signInAs(base: string, role: MatrixRole): Promise<TestClient> {
  const c = new TestClient(base);
  if (role === 'guest') return c;
  if (role === 'other') {
    let r = await c.login(OTHER_SHOPPER.email, OTHER_SHOPPER.password);
    if (r.status === 401) {
      r = await c.post('/api/account/register', OTHER_SHOPPER);
      c.csrfToken = r.body?.csrfToken ?? null;
    }
    if (r.status !== 200) throw new Error(`other shopper: ${r.status} ${JSON.stringify(r.body)}`);
    return c;
  }
  const [user, pass] = role === 'shopper' ? ['shopper@example.com', 'shopper'] : [role, role];
  const r = await c.login(user, pass);
  if (r.status !== 200) throw new Error(`${role}: ${r.status} ${JSON.stringify(r.body)}`);
  return c;
}

/** A call as our client makes it: JSON, X-Requested-With, and the CSRF token on every method. */
export function call(c: TestClient, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (c.csrfToken) headers['x-csrf-token'] = c.csrfToken;
  return c.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}), headers);
}
