/**
 * Customer history (docs/decisions/pos.md "Customer history and uploads"; docs/security.md
 * "Uploads"): POST /api/customer_history/add (multipart) and GET /api/customer_history on both
 * engines; pictures checked by content (a .exe renamed .jpg, 2 MB + 1 byte, an SVG with a script
 * named .png, a JPEG with a ZIP/HTML/script appended), served only to staff with their own type;
 * the sync path (upload keyed by the entry's uuid, then the push: stored once); who may call.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../src/contracts/protocol-version';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/constants';
import { HISTORY_ADDED, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '../../../src/domain/forms/history';
import { TEXT_CONSENT_MESSAGE } from '../../../src/domain/forms/notification';
import { HISTORY_IMAGE_MISSING } from '../../../server/commands/appliers/customer-history';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn, startSyncServer, type SyncTestServer } from '../sync/support/sync-server';

const at = new Date().toISOString();
const jpeg = (w = 320, h = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** A multipart post as a browser sends it (session cookie, CSRF header). */
async function postForm(
  url: string,
  c: TestClient | null,
  path: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (c?.sessionCookie) headers.cookie = c.sessionCookie;
  if (c?.csrfToken) headers['x-csrf-token'] = c.csrfToken;
  const res = await fetch(url + path, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe.each(testEngines())('customer history on %s', (engine) => {
  let server: SyncTestServer;
  let cashier: TestClient;
  let shopper: TestClient;
  const clientId = randomUUID();
  let next = 1;
  const push = async (name: string, args: unknown) => {
    const r = await cashier.post('/sync/push', {
      clientId,
      protocolVersion: PROTOCOL_VERSION,
      mutations: [{ id: next++, name, args, at }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.results[0] as { status: string; message?: string };
  };
  const newCustomer = async (over: Record<string, unknown> = {}) => {
    const id = randomUUID();
    const r = await push('customer.create', {
      id,
      firstname: 'Hana',
      lastname: 'History',
      email: `${id}@example.com`,
      ...over,
    });
    expect(r).toMatchObject({ status: 'applied' });
    return id;
  };
  const add = (
    c: TestClient | null,
    customer: string,
    fields: Record<string, string>,
    file?: Parameters<typeof postForm>[4],
  ) => postForm(server.url, c, `/api/customer_history/add?customer_id=${customer}`, fields, file);
  const entries = (customer: string) =>
    server.db.selectFrom('customer_history').selectAll().where('customer_ref', '=', customer).execute();
  const images = (customer: string) =>
    server.db.selectFrom('customer_history_images').selectAll().where('customer_ref', '=', customer).execute();

  beforeAll(async () => {
    server = await startSyncServer(engine);
    cashier = await signedIn(server.url, 'cashier', 'cashier');
    shopper = await signedIn(server.url, 'shopper@example.com', 'shopper');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds an entry with a picture: stored re-encoded, listed with its thumbnail, served to staff with its type', async () => {
    const c = await newCustomer();
    const r = await add(
      cashier,
      c,
      { comment: 'Brake pads worn' },
      { bytes: await jpeg(), name: 'pads.jpg', type: 'image/jpeg' },
    );
    expect(r).toEqual({ status: 200, body: { success: HISTORY_ADDED } });
    expect(await add(cashier, c, { comment: 'No picture' })).toMatchObject({ status: 200 });
    const list = await cashier.get(`/api/customer_history?customer_id=${c}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ totalPages: 1, position: 1, total: 2, page: 1, limit: 10 });
    expect(list.body.results.map((x: { comment: string }) => x.comment)).toEqual(['Brake pads worn', 'No picture']);
    const [first, second] = list.body.results;
    expect(Object.keys(first).sort()).toEqual(['comment', 'customer_history_id', 'date_added', 'image', 'image_full']);
    expect(second.image).toBeNull();
    const desc = await cashier.get(`/api/customer_history?customer_id=${c}&order=DESC`);
    expect(desc.body.results[0].comment).toBe('No picture');

    const thumb = await fetch(server.url + first.image, { headers: { cookie: cashier.sessionCookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBeLessThanOrEqual(100);
    const full = await fetch(server.url + first.image_full, { headers: { cookie: cashier.sessionCookie } });
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(320);

    // Not for shoppers, nor strangers; never a file under the web root.
    expect((await shopper.get(first.image)).status).toBe(403);
    expect((await new TestClient(server.url).get(first.image)).status).toBe(401);
    expect((await shopper.get(`/api/customer_history?customer_id=${c}`)).status).toBe(403);
    expect((await new TestClient(server.url).get(`/api/customer_history?customer_id=${c}`)).status).toBe(401);
  });

  it('pages by 10 in date order, oldest first by default', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 12; i++) {
      const r = await push('customerHistory.add', { id: randomUUID(), customer_ref: c, comment: `note ${i}` });
      expect(r).toMatchObject({ status: 'applied' });
    }
    const p2 = await cashier.get(`/api/customer_history?customer_id=${c}&page=2`);
    expect(p2.body).toMatchObject({ totalPages: 2, position: 11, total: 12 });
    expect(p2.body.results.map((x: { comment: string }) => x.comment)).toEqual(['note 10', 'note 11']);
  });

  it('refuses what is not a JPEG or PNG by its content, whatever its name, and stores nothing', async () => {
    const c = await newCustomer();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 7)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>',
    );
    const truncated = (await jpeg()).subarray(0, 200);
    for (const [bytes, name, type] of [
      [exe, 'invoice.jpg', 'image/jpeg'],
      [svg, 'logo.png', 'image/png'],
      [truncated, 'half.jpg', 'image/jpeg'],
    ] as const) {
      const r = await add(cashier, c, { comment: name }, { bytes, name, type });
      expect(r.status, name).toBe(400);
      expect(r.body).toMatchObject({ message: IMAGE_TYPE_MESSAGE, fields: { image: [IMAGE_TYPE_MESSAGE] } });
    }
    expect(await entries(c)).toHaveLength(0);
    expect(await images(c)).toHaveLength(0);
  });

  it('refuses 2 MB + 1 byte with the limit, and accepts exactly 2 MB as far as the size goes', async () => {
    const c = await newCustomer();
    const real = await jpeg();
    const big = Buffer.concat([real, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - real.length, 0)]);
    const r = await add(cashier, c, { comment: 'big' }, { bytes: big, name: 'big.jpg', type: 'image/jpeg' });
    expect(r).toMatchObject({ status: 400, body: { message: IMAGE_SIZE_MESSAGE } });
    expect(await entries(c)).toHaveLength(0);
    expect(await images(c)).toHaveLength(0);
    const exact = big.subarray(0, IMAGE_UPLOAD_MAX_BYTES);
    expect(
      await add(cashier, c, { comment: 'exact' }, { bytes: exact, name: 'ok.jpg', type: 'image/jpeg' }),
    ).toMatchObject({
      status: 200,
    });
  });

  it('a polyglot (a JPEG with a ZIP, HTML and script appended) is kept only as the re-encoded picture', async () => {
    const c = await newCustomer();
    const payload = Buffer.concat([
      Buffer.from('PK\x03\x04\x14\x00\x00\x00'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const poly = Buffer.concat([await jpeg(), payload]);
    const r = await add(cashier, c, { comment: 'poly' }, { bytes: poly, name: 'poly.png', type: 'image/png' });
    expect(r.status).toBe(200);
    const [img] = await images(c);
    expect(img?.mime).toBe('image/jpeg');
    const stored = Buffer.from(img!.bytes);
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(stored.includes(Buffer.from('PK\x03\x04'))).toBe(false);
    const [entry] = await entries(c);
    // The name says what it is, the size is the stored one.
    expect(entry).toMatchObject({ image_name: 'poly.jpg', image_type: 'image/jpeg', image_size: stored.length });
  });

  it('a PNG stays a PNG; its thumbnail is at most 100 px wide and never enlarged', async () => {
    const c = await newCustomer();
    expect(
      await add(cashier, c, { comment: 'png' }, { bytes: await png(), name: 'x.png', type: 'image/png' }),
    ).toMatchObject({
      status: 200,
    });
    const [img] = await images(c);
    expect(img?.mime).toBe('image/png');
    expect((await sharp(Buffer.from(img!.thumb)).metadata()).width).toBe(40);
  });

  it('refuses a wrong customer id, shoppers and strangers, and bad notify fields; stores nothing', async () => {
    const c = await newCustomer({ texting_alerts: false, telephone: '555-123-4567' });
    const file = { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' };
    expect((await add(cashier, 'abc', { comment: 'x' }, file)).status).toBe(400);
    expect((await add(cashier, randomUUID(), { comment: 'x' }, file)).status).toBe(404);
    expect((await add(shopper, c, { comment: 'x' }, file)).status).toBe(403);
    expect((await add(null, c, { comment: 'x' }, file)).status).toBe(401);
    const text = await add(
      cashier,
      c,
      { comment: 'x', notifyCustomer: '1', notifyByText: '1', phone: '555-123-4567' },
      file,
    );
    expect(text).toMatchObject({ status: 400, body: { message: TEXT_CONSENT_MESSAGE } });
    const email = await add(cashier, c, { comment: 'x', notifyCustomer: '1', notifyByEmail: '1', email: 'nope' }, file);
    expect(email.status).toBe(400);
    expect(await entries(c)).toHaveLength(0);
    expect(await images(c)).toHaveLength(0);
  });

  it('Notify Customer queues the email with the entry, once', async () => {
    const c = await newCustomer();
    const id = randomUUID();
    const r = await add(cashier, c, {
      id,
      comment: 'Your part arrived',
      notifyCustomer: '1',
      notifyByEmail: '1',
      email: 'hana@example.com',
    });
    expect(r.status).toBe(200);
    const again = await add(cashier, c, {
      id,
      comment: 'Your part arrived',
      notifyCustomer: '1',
      notifyByEmail: '1',
      email: 'hana@example.com',
    });
    expect(again.status).toBe(409);
    const sent = await server.db.selectFrom('notifications').selectAll().where('source_ref', '=', id).execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: 'customer_history', channel: 'email', recipient: 'hana@example.com' });
    expect(sent[0]?.body).toContain('Your part arrived');
  });

  it('sync path: the upload keyed by the entry stores once, the push links it; without an upload it is refused', async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const id = randomUUID();
    const file = { bytes: await jpeg(), name: 'scan.jpg', type: 'image/jpeg' };
    const up = (customer: string) =>
      postForm(server.url, cashier, `/api/customer_history/image?customer_id=${customer}&id=${id}`, {}, file);
    expect(await up(c)).toMatchObject({ status: 200, body: { success: true } });
    expect(await up(c)).toMatchObject({ status: 200 });
    expect((await up(other)).status).toBe(409);
    expect(await images(c)).toHaveLength(1);
    expect(await images(other)).toHaveLength(0);
    const image = { name: 'scan.jpg', type: 'image/jpeg', size: 999 };
    expect(await push('customerHistory.add', { id, customer_ref: c, comment: 'offline', image })).toMatchObject({
      status: 'applied',
    });
    const [entry] = await entries(c);
    expect(entry?.image_size).toBe((await images(c))[0]!.bytes.length);
    // An upload after the entry exists changes nothing.
    expect(await up(c)).toMatchObject({ status: 200 });
    expect(await images(c)).toHaveLength(1);

    const missing = await push('customerHistory.add', { id: randomUUID(), customer_ref: c, comment: 'lost', image });
    expect(missing).toMatchObject({ status: 'rejected', message: HISTORY_IMAGE_MISSING });
    // Another customer's picture is not taken over by naming its id.
    const theirs = randomUUID();
    await postForm(server.url, cashier, `/api/customer_history/image?customer_id=${other}&id=${theirs}`, {}, file);
    expect(await push('customerHistory.add', { id: theirs, customer_ref: c, comment: 'x', image })).toMatchObject({
      status: 'rejected',
      message: HISTORY_IMAGE_MISSING,
    });
    // Upload refusals: bad content, a shopper.
    const exe = { bytes: Buffer.from('MZ not a picture'), name: 'a.jpg', type: 'image/jpeg' };
    expect(
      (await postForm(server.url, cashier, `/api/customer_history/image?customer_id=${c}&id=${randomUUID()}`, {}, exe))
        .status,
    ).toBe(400);
    expect(
      (await postForm(server.url, shopper, `/api/customer_history/image?customer_id=${c}&id=${randomUUID()}`, {}, file))
        .status,
    ).toBe(403);
    expect(await entries(c)).toHaveLength(1);
  });

  it('a shopper cannot push an entry; staff devices pull the rows, shoppers do not', async () => {
    const c = await newCustomer();
    const r = await shopper.post('/sync/push', {
      clientId: randomUUID(),
      protocolVersion: PROTOCOL_VERSION,
      mutations: [
        { id: 1, name: 'customerHistory.add', args: { id: randomUUID(), customer_ref: c, comment: 'x' }, at },
      ],
    });
    expect(r.status === 403 || r.body?.results?.[0]?.status === 'rejected').toBe(true);
    expect(await entries(c)).toHaveLength(0);
    expect(await push('customerHistory.add', { id: randomUUID(), customer_ref: c, comment: 'pulled' })).toMatchObject({
      status: 'applied',
    });
    const { version } = await server.db
      .selectFrom('customers')
      .select('version')
      .where('id', '=', c)
      .executeTakeFirstOrThrow();
    type Change = { table: string; key: string; row: Record<string, unknown> | null };
    const pulled = async (who: TestClient) =>
      (
        (await who.get(`/sync/pull?clientId=${randomUUID()}&cookie=${version}&limit=5000`)).body.changes as Change[]
      ).filter((x) => x.table === 'customer_history');
    expect((await pulled(cashier)).map((x) => x.row)).toMatchObject([
      { customer_ref: c, comment: 'pulled', image: null },
    ]);
    expect(await pulled(shopper)).toEqual([]);
  });
});
