import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactLocationsReplySchema } from '../../../src/contracts/product-contact';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { captchaCookie, startProductServer, type ProductServer } from './support';

const R = (route: string) => `/index.php?route=${route}`;

describe.each(testEngines())('Contact Us calls (index.php?route=product/product/...) on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let productId: number;
  let store: { location_id: number; email_address: string };

  /** A fresh captcha for this "browser": its cookie and the answer the simulator expects. */
  const newCaptcha = async () => {
    const r = await fetch(server.url + R('tool/captcha'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    expect(await r.text()).toContain('<svg');
    const cookie = captchaCookie(r.headers);
    return { cookie, answer: server.captcha.answerOf(cookie.split('=')[1]!)! };
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

  it('answers the dealer locator popup text with defaults', async () => {
    const r = await guest.get(R('product/product/getDealerLocatorPopupText'));
    expect(r.status).toBe(200);
    expect(r.body.dealer_locator_popup_heading_text).toBe('Contact Us');
    expect(typeof r.body.dealer_locator_popup_text).toBe('string');
  });

  it('refuses a wrong captcha answer with its message, then accepts the right one', async () => {
    const { cookie, answer } = await newCaptcha();
    const wrong = await guest.post(R('product/product/validateCaptcha'), { captchaInput: 'nope1' }, { cookie });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Verification code does not match the image!');
    const empty = await guest.post(R('product/product/validateCaptcha'), { captchaInput: '' }, { cookie });
    expect(empty.status).toBe(400);
    const right = await guest.post(
      R('product/product/validateCaptcha'),
      { captchaInput: answer.toLowerCase() },
      { cookie },
    );
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true });
  });

  it('spends a captcha after five wrong answers', async () => {
    const { cookie, answer } = await newCaptcha();
    for (let i = 0; i < 5; i++)
      await guest.post(R('product/product/validateCaptcha'), { captchaInput: 'WRONG' }, { cookie });
    const r = await guest.post(R('product/product/validateCaptcha'), { captchaInput: answer }, { cookie });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('captcha_expired');
  });

  it('sends one message per solved captcha, to the store address from the database, through the outbox', async () => {
    const noCaptcha = await guest.post(R('product/product/productContactEmail'), form());
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body.error).toBe('captcha_required');

    const { cookie, answer } = await newCaptcha();
    await guest.post(R('product/product/validateCaptcha'), { captchaInput: answer }, { cookie });
    const r = await guest.post(R('product/product/productContactEmail'), form(), { cookie });
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

    const again = await guest.post(R('product/product/productContactEmail'), form(), { cookie });
    expect(again.status).toBe(422);
    expect(server.mailer.sent).toHaveLength(1);
  });

  it('refuses missing or malformed fields with 400 and the field messages, sending nothing', async () => {
    const { cookie, answer } = await newCaptcha();
    await guest.post(R('product/product/validateCaptcha'), { captchaInput: answer }, { cookie });
    const r = await guest.post(
      R('product/product/productContactEmail'),
      form({ pcName: ' ', pcEmail: 'not-an-email', pcPhone: '12' }),
      { cookie },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.pcName).toEqual(['Required']);
    expect(r.body.fields.pcEmail).toEqual(['Invalid email']);
    expect(r.body.fields.pcPhone).toEqual(['Invalid phone number format']);
    const badStore = await guest.post(R('product/product/productContactEmail'), form({ pcLocation: '999999' }), {
      cookie,
    });
    expect(badStore.status).toBe(422);
    expect(badStore.body.message).toBe('Please choose a store.');
    expect(server.mailer.sent).toHaveLength(0);
    // The refusals did not spend the solve.
    expect((await guest.post(R('product/product/productContactEmail'), form(), { cookie })).status).toBe(200);
  });

  it('records a failed delivery and answers 502', async () => {
    server.mailer.fail = true;
    const { cookie, answer } = await newCaptcha();
    await guest.post(R('product/product/validateCaptcha'), { captchaInput: answer }, { cookie });
    const r = await guest.post(R('product/product/productContactEmail'), form({ pcMessage: 'fail me' }), { cookie });
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
