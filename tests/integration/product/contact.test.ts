import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactLocationsReplySchema } from '../../../src/contracts/product-contact';
import { DEFAULT_POPUP_HEADING, DEFAULT_POPUP_TEXT } from '../../../server/services/catalog/product-settings';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { forgedChallenge, solveCaptcha, wrongSolution } from '../../support/captcha';
import { startProductServer, type ProductServer } from './support';

const R = (route: string) => `/index.php?route=${route}`;

describe.each(testEngines())('Contact Us calls (index.php?route=product/product/...) on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let productId: number;
  let store: { location_id: number; email_address: string };

  /** A solved challenge, as the browser's solver sends it (captchaInput). */
  const newCaptcha = async () => {
    const r = await fetch(server.url + R('tool/captcha'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/json');
    expect(r.headers.get('cache-control')).toBe('no-store');
    return solveCaptcha(server.url);
  };
  const form = (over: Record<string, unknown> = {}) => ({
    pcName: 'Pat Lee',
    pcEmail: 'pat@example.com',
    pcPhone: '(512) 555-0188',
    pcLocation: String(store.location_id),
    pcLocationEmail: 'attacker@evil.example',
    pcMessage: 'Is this in stock at your store?',
    product_id: productId,
    ...over,
  });

  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    productId = (await guest.get('/api/products/?limit=1')).body.products[0].product_id;
  });
  beforeEach(() => {
    server.mailer.sent.length = 0;
    server.mailer.fail = false;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the stores that can receive messages, each with one email address', async () => {
    const r = await guest.get(R('product/product/getLocations'));
    expect(r.status).toBe(200);
    const body = contactLocationsReplySchema.parse(r.body);
    expect(body.locations.length).toBeGreaterThanOrEqual(1);
    for (const l of body.locations) expect(l.email_address).not.toContain(',');
    store = body.locations[0]!;
  });

  it('answers the dealer locator popup text with defaults that suit any product page', async () => {
    const r = await guest.get(R('product/product/getDealerLocatorPopupText'));
    expect(r.status).toBe(200);
    // The first-visit popup shows on orderable products too: it invites choosing a store and never
    // says the product cannot be ordered (the default once was the Contact Us modal's intro).
    expect(r.body).toEqual({
      dealer_locator_popup_heading_text: DEFAULT_POPUP_HEADING,
      dealer_locator_popup_text: DEFAULT_POPUP_TEXT,
    });
    expect(DEFAULT_POPUP_TEXT).toMatch(/store/);
    expect(DEFAULT_POPUP_TEXT).not.toMatch(/not available/);
  });

  it('refuses a wrong or forged solution with its message, then accepts the right one', async () => {
    const solved = await newCaptcha();
    const check = (captchaInput: string) => guest.post(R('product/product/validateCaptcha'), { captchaInput });
    const wrong = await check(wrongSolution(solved));
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The verification failed. Please try again.');
    expect((await check(forgedChallenge(solved))).body.error).toBe('captcha_mismatch');
    expect((await check('nope1')).status).toBe(422);
    expect((await check('')).status).toBe(400);
    expect((await check('x'.repeat(5000))).status).toBe(400);
    const right = await check(solved.payload);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true });
    // Checking does not spend it: the message still can.
    expect((await check(solved.payload)).status).toBe(200);
  });

  it('refuses a challenge whose time ran out', async () => {
    const solved = await newCaptcha();
    const parameters = { ...solved.challenge.parameters, expiresAt: 1 };
    const expired = Buffer.from(
      JSON.stringify({ challenge: { ...solved.challenge, parameters }, solution: solved.solution }),
    ).toString('base64');
    const r = await guest.post(R('product/product/validateCaptcha'), { captchaInput: expired });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('captcha_expired');
  });

  it('sends one message per solved captcha, to the store address from the database, through the outbox', async () => {
    const noCaptcha = await guest.post(R('product/product/productContactEmail'), form());
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body.error).toBe('captcha_required');

    const { payload } = await newCaptcha();
    expect((await guest.post(R('product/product/validateCaptcha'), { captchaInput: payload })).status).toBe(200);
    const r = await guest.post(R('product/product/productContactEmail'), form({ captchaInput: payload }));
    expect(r.status).toBe(200);
    expect(r.body.success).toMatch(/sent/);
    expect(server.mailer.sent).toHaveLength(1);
    expect(server.mailer.sent[0]!.to).toBe(store.email_address);
    expect(server.mailer.sent[0]!.text).toContain('Is this in stock at your store?');
    const row = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', '=', 'product_contact')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.recipient).toBe(store.email_address);

    const again = await guest.post(R('product/product/productContactEmail'), form({ captchaInput: payload }));
    expect(again.status).toBe(422);
    expect(server.mailer.sent).toHaveLength(1);
    const spent = await guest.post(R('product/product/validateCaptcha'), { captchaInput: payload });
    expect(spent.body.error).toBe('captcha_expired');
  });

  it('refuses missing or malformed fields with 400 and the field messages, sending nothing', async () => {
    const { payload } = await newCaptcha();
    const r = await guest.post(
      R('product/product/productContactEmail'),
      form({ pcName: ' ', pcEmail: 'not-an-email', pcPhone: '12', captchaInput: payload }),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.pcName).toEqual(['Required']);
    expect(r.body.fields.pcEmail).toEqual(['Invalid email']);
    expect(r.body.fields.pcPhone).toEqual(['Invalid phone number format']);
    const badStore = await guest.post(
      R('product/product/productContactEmail'),
      form({ pcLocation: '999999', captchaInput: payload }),
    );
    expect(badStore.status).toBe(422);
    expect(badStore.body.message).toBe('Please choose a store.');
    expect(server.mailer.sent).toHaveLength(0);
    // The refusals did not spend the solve.
    expect((await guest.post(R('product/product/productContactEmail'), form({ captchaInput: payload }))).status).toBe(
      200,
    );
  });

  it('records a failed delivery and answers 502', async () => {
    server.mailer.fail = true;
    const { payload } = await newCaptcha();
    const r = await guest.post(
      R('product/product/productContactEmail'),
      form({ pcMessage: 'fail me', captchaInput: payload }),
    );
    expect(r.status).toBe(502);
    const row = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('body', 'like', '%fail me%')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('needs the CSRF token from a signed-in shopper, like every POST', async () => {
    const shopper = new TestClient(server.url);
    await shopper.login('shopper@example.com', 'shopper');
    const r = await shopper.post(
      R('product/product/validateCaptcha'),
      { captchaInput: 'ABCDE' },
      { 'x-csrf-token': 'forged' },
    );
    expect(r.status).toBe(403);
  });

  it('answers unknown routes with 404 and gives a browser navigation the app shell', async () => {
    const r = await guest.get(R('product/product/nothing'));
    expect(r.status).toBe(404);
    const nav = await server.app.inject({
      method: 'GET',
      url: R('product/search') + '&search=brake',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(nav.statusCode).toBe(200);
    expect(nav.body).toContain('<title>Partsdesk</title>');
  });
});
