import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '../../../src/contracts/register';
import { startTestServer, type TestServer } from '../../support/app-server';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';

describe.each(testEngines())('shopper registration on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const shopper = {
    firstname: 'Rita',
    lastname: 'Alvarez',
    email: 'Rita.Alvarez@example.com',
    telephone: '(512) 555-0142',
    password: 'brakes',
  };

  it('creates the account, signs the shopper in, and the password works for a later login', async () => {
    const c = new TestClient(server.url);
    const r = await c.post('/api/account/register', shopper);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      kind: 'customer',
      role: 'customer',
      username: 'rita.alvarez@example.com',
      name: 'Rita Alvarez',
    });
    expect(r.body.csrfToken).toBeTruthy();
    expect((await c.get('/api/session')).body.user.username).toBe('rita.alvarez@example.com');
    const again = await new TestClient(server.url).login('RITA.alvarez@example.com', 'brakes');
    expect(again.status).toBe(200);
    const row = await server.open.db
      .selectFrom('customers')
      .select(['password_hash', 'telephone'])
      .where('email', '=', 'rita.alvarez@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.telephone).toBe('(512) 555-0142');
  });

  it('refuses a second account for the same email, whatever its case, changing nothing', async () => {
    const before = await server.open.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const r = await new TestClient(server.url).post('/api/account/register', {
      ...shopper,
      email: 'RITA.ALVAREZ@example.com',
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'email_taken', message: EMAIL_TAKEN, fields: { email: [EMAIL_TAKEN] } });
    const after = await server.open.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(r.headers.getSetCookie()).toEqual([]);
  });

  it('answers invalid fields with the form messages and 400', async () => {
    const r = await new TestClient(server.url).post('/api/account/register', {
      firstname: 'R',
      lastname: '',
      email: 'not-an-email',
      telephone: '12',
      password: 'abc',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({
      firstname: ['Minimum 2 characters'],
      lastname: ['Required'],
      email: ['Invalid email'],
      telephone: ['Invalid phone number format'],
      password: ['Minimum 4 characters'],
    });
  });
});
