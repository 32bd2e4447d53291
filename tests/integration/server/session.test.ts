import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

describe.each(testEngines())('session API on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs a cashier in with an httpOnly SameSite=Lax cookie and a CSRF token', async () => {
    const c = new TestClient(server.url);
    const r = await c.post('/api/session', { username: 'cashier', password: 'cashier' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ kind: 'staff', role: 'cashier', username: 'cashier' });
    expect(r.body.csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = r.headers.getSetCookie().find((s) => s.startsWith('pd_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    c.csrfToken = r.body.csrfToken;
    const me = await c.get('/api/session');
    expect(me.body.user.role).toBe('cashier');
    expect(me.body.csrfToken).toBe(r.body.csrfToken);
  });

  it('accepts usernames case-insensitively and logs in admin and installer', async () => {
    for (const [u, p, role] of [
      ['ADMIN', 'admin', 'admin'],
      ['installer', 'installer', 'installer'],
    ] as const) {
      const r = await new TestClient(server.url).login(u, p);
      expect(r.status).toBe(200);
      expect(r.body.user.role).toBe(role);
    }
  });

  it('logs a shopper in by email', async () => {
    const r = await new TestClient(server.url).login('shopper@example.com', 'shopper');
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ kind: 'customer', role: 'customer', username: 'shopper@example.com' });
  });

  it('refuses wrong credentials with 401 and one message for unknown user and wrong password', async () => {
    const wrong = await new TestClient(server.url).post('/api/session', { username: 'cashier', password: 'nope' });
    const unknown = await new TestClient(server.url).post('/api/session', { username: 'nobody', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'invalid_credentials', message: 'Incorrect username or password.' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('answers malformed bodies with 400 and field errors, never 500', async () => {
    const c = new TestClient(server.url);
    const missing = await c.post('/api/session', { username: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.username).toEqual(['Username is required']);
    expect(missing.body.fields.password).toBeDefined();
    const broken = await c.post('/api/session', '{"username": ');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBeTruthy();
    const notObject = await c.post('/api/session', '[1,2]');
    expect(notObject.status).toBe(400);
  });

  it('mints a fresh session id on login and kills the old one', async () => {
    const c = new TestClient(server.url);
    await c.login('cashier', 'cashier');
    const first = c.sessionCookie;
    const old = new TestClient(server.url);
    (old as unknown as { cookie: string }).cookie = first;
    await c.login('admin', 'admin');
    expect(c.sessionCookie).not.toBe(first);
    expect((await old.get('/api/session')).body.user).toBeNull();
  });

  it('requires the CSRF token on state-changing calls of a session', async () => {
    const c = new TestClient(server.url);
    await c.login('cashier', 'cashier');
    const forged = await c.delete('/api/session', { 'x-csrf-token': 'forged' });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('csrf');
    expect((await c.get('/api/session')).body.user).not.toBeNull();
    const out = await c.delete('/api/session');
    expect(out.status).toBe(200);
    expect((await c.get('/api/session')).body).toEqual({ user: null, csrfToken: null });
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts for one user from one address', async () => {
    const server = await startTestServer('pglite', { loginLimitPerMinute: 3 });
    try {
      const c = new TestClient(server.url);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await c.post('/api/session', { username: 'admin', password: 'x' })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const limited = await c.post('/api/session', { username: 'admin', password: 'admin' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many login attempts. Wait a minute and try again.');
      // another user is not locked out by someone hammering "admin"
      expect((await c.login('cashier', 'cashier')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
