/**
 * Custom form pages' calls (storefront.md §7 "Forms"; docs/decisions/storefront.md "Custom
 * forms") on the real app and the seeded demo forms, both engines: the form, the stores,
 * submissions checked by the field rules, stored and mailed to the chosen store through the
 * outbox, the captcha refused and accepted, one message per solve, bad input 4xx never 500.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  customFormReplySchema,
  formLocationsReplySchema,
  type CustomFormReply,
} from '../../../src/contracts/custom-forms';
import { solveCaptcha, wrongSolution } from '../../support/captcha';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from '../product/support';

const R = (route: string) => `/index.php?route=${route}`;
const SUBMIT = R('module/forms/postSubmission');

describe.each(testEngines())('custom forms on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let parts: CustomFormReply;
  let stores: { location_id: number; email_address: string; location_name: string }[];
  /** The parts-request field id of each label. */
  const id = (label: string) => String(parts.fields.find((f) => f.label_text === label)!.id);

  /** A complete, good parts request (every input type). */
  const goodValues = () => ({
    [id('Name')]: 'Pat Lee',
    [id('Email')]: 'pat@example.com',
    [id('Pickup store')]: String(stores[1]!.location_id),
    [id('Vehicle')]: '2019 Ford F-150',
    [id('Condition')]: 'New',
    [id('Urgency')]: 'This week',
    [id('Contact me by')]: ['Email', 'Phone'],
    [id('Needed by')]: '2026-12-24',
    [id('Best time to call')]: '09:30',
    [id('Pickup date and time')]: '2026-12-24T10:15',
    [id('Part description')]: 'Left front brake caliper',
  });

  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    const r = await guest.get('/api/forms/parts-request');
    expect(r.status).toBe(200);
    parts = customFormReplySchema.parse(r.body);
    stores = formLocationsReplySchema.parse((await guest.post(R('module/forms/getLocations'), {})).body).locations;
  });
  beforeEach(() => {
    server.mailer.sent.length = 0;
    server.mailer.fail = false;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a form with its form_data and every field type in order; an unknown form is 404', async () => {
    expect(parts.form_data.require_captcha).toBe(1);
    expect(parts.form_data.heading_text).toBe('Request a Part');
    expect(new Set(parts.fields.map((f) => f.type))).toEqual(
      new Set([
        'text',
        'email',
        'textarea',
        'dropdown',
        'radio',
        'checkbox',
        'date',
        'time',
        'datetime',
        'legend',
        'description',
        'image',
        'store_select',
      ]),
    );
    expect(parts.fields.map((f) => f.index)).toEqual([...parts.fields.map((f) => f.index)].sort((a, b) => a - b));
    expect((await guest.get('/api/forms/no-such-form')).status).toBe(404);
    expect((await guest.get('/api/forms/Bad%20Slug')).status).toBe(400);
  });

  it('lists the stores with one email address each', () => {
    expect(stores.length).toBeGreaterThanOrEqual(2);
    for (const s of stores) expect(s.email_address).toMatch(/^[^,\s]+@[^,\s]+$/);
  });

  it("refuses empty required fields with '{label} is required!' and a bad email with 'Must be a valid email!'", async () => {
    const r = await guest.post(SUBMIT, { form_id: parts.id, submission_values: { [id('Email')]: 'nope' } });
    expect(r.status).toBe(400);
    expect(r.body.fields[id('Name')]).toEqual(['Name is required!']);
    expect(r.body.fields[id('Email')]).toEqual(['Must be a valid email!']);
    expect(r.body.fields[id('Contact me by')]).toEqual(['Contact me by is required!']);
    expect(r.body.fields[id('Best time to call')]).toBeUndefined();
    const bad = await guest.post(SUBMIT, {
      form_id: parts.id,
      submission_values: {
        ...goodValues(),
        [id('Condition')]: 'Stolen',
        [id('Urgency')]: ['This week'],
        [id('Contact me by')]: ['Pigeon'],
        [id('Needed by')]: '2026-02-30',
        [id('Best time to call')]: '25:00',
        [id('Pickup date and time')]: 'tomorrow',
        [id('Pickup store')]: '999999',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      [id('Condition')]: ['Condition: please choose one of the options.'],
      [id('Urgency')]: ['Urgency: please choose one of the options.'],
      [id('Contact me by')]: ['Contact me by: please choose one of the options.'],
      [id('Needed by')]: ['Must be a valid date!'],
      [id('Best time to call')]: ['Must be a valid time!'],
      [id('Pickup date and time')]: ['Must be a valid date and time!'],
      [id('Pickup store')]: ['Please choose a store.'],
    });
    expect(server.mailer.sent).toHaveLength(0);
  });

  it('refuses a missing or wrong captcha, then stores and mails a good submission to the chosen store once', async () => {
    const none = await guest.post(SUBMIT, { form_id: parts.id, submission_values: goodValues() });
    expect(none.status).toBe(422);
    expect(none.body.error).toBe('captcha_required');
    const solved = await solveCaptcha(server.url);
    const wrong = await guest.post(SUBMIT, {
      form_id: parts.id,
      submission_values: goodValues(),
      captchaInput: wrongSolution(solved),
    });
    expect(wrong.status).toBe(422);
    expect(server.mailer.sent).toHaveLength(0);

    const ok = await guest.post(SUBMIT, {
      origin_url: '/forms/parts-request?x=1',
      form_id: parts.id,
      submission_values: { ...goodValues(), 99999: 'ignored', [id('Brake pads')]: 'ignored too' },
      captchaInput: solved.payload,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: 'Thank you! We will look for your part and call you back.' });
    expect(server.mailer.sent).toHaveLength(1);
    const mail = server.mailer.sent[0]!;
    expect(mail.to).toBe(stores[1]!.email_address);
    expect(mail.text).toContain('Contact me by: Email, Phone');
    expect(mail.text).toContain('Pickup date and time: 2026-12-24 10:15');
    expect(mail.text).toContain(`Pickup store: ${stores[1]!.location_name}`);
    const row = await server.db
      .selectFrom('form_submissions as s')
      .innerJoin('notifications as n', 'n.id', 's.notification_id')
      .select(['s.submission_values', 's.origin_url', 's.recipient', 's.location_id', 'n.status', 'n.kind'])
      .where('s.form_id', '=', parts.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      origin_url: '/forms/parts-request?x=1',
      recipient: stores[1]!.email_address,
      status: 'sent',
      kind: 'form_submission',
    });
    expect(Object.keys(row.submission_values)).not.toContain('99999');
    expect(Object.keys(row.submission_values)).not.toContain(id('Brake pads'));

    const replay = await guest.post(SUBMIT, {
      form_id: parts.id,
      submission_values: goodValues(),
      captchaInput: solved.payload,
    });
    expect(replay.status).toBe(422);
    expect(server.mailer.sent).toHaveLength(1);
  });

  it('takes the spec form-encoded body and redirects a no-captcha form to its own path', async () => {
    const form = customFormReplySchema.parse((await guest.get('/api/forms/newsletter')).body);
    const [email, agree] = form.fields;
    const body = new URLSearchParams({
      origin_url: '/forms/newsletter',
      form_id: String(form.id),
      submission_values: JSON.stringify({ [email!.id]: 'deals@example.com', [agree!.id]: ['Yes'] }),
    });
    const r = await guest.post(SUBMIT, body.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(r.status).toBe(200);
    expect(r.body.redirect).toBe('/product/catalog');
    // No store_select: the default store gets it.
    expect(server.mailer.sent[0]!.to).toBe(stores[0]!.email_address);
  });

  it('answers a mail server that refuses for good with 502, the submission kept and its row failed', async () => {
    server.mailer.fail = true;
    const form = customFormReplySchema.parse((await guest.get('/api/forms/newsletter')).body);
    const r = await guest.post(SUBMIT, {
      form_id: form.id,
      submission_values: { [form.fields[0]!.id]: 'fail@example.com', [form.fields[1]!.id]: ['Yes'] },
    });
    expect(r.status).toBe(502);
    const n = await server.db
      .selectFrom('notifications')
      .select('status')
      .where('body', 'like', '%fail@example.com%')
      .executeTakeFirstOrThrow();
    expect(n.status).toBe('failed');
  });

  it('answers bad input with 4xx, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { form_id: 'abc', submission_values: {} },
      { form_id: -1, submission_values: {} },
      { form_id: 99999999, submission_values: {} },
      { form_id: 1e300, submission_values: {} },
      { form_id: parts.id, submission_values: 'not json' },
      { form_id: parts.id, submission_values: [1, 2] },
      { form_id: parts.id, submission_values: { [id('Name')]: { nested: true } } },
      { form_id: parts.id, submission_values: { [id('Name')]: 'x'.repeat(20_000) } },
      { form_id: parts.id, submission_values: { [id('Name')]: 'Nul\u0000' } },
      { form_id: parts.id, submission_values: { ['k'.repeat(100)]: 'x' } },
      { form_id: parts.id, submission_values: goodValues(), captchaInput: 'x'.repeat(5000) },
      { form_id: parts.id, submission_values: goodValues(), origin_url: 'u'.repeat(3000) },
      '{"form_id":',
    ];
    for (const b of bodies) {
      const r = await guest.post(SUBMIT, b);
      expect(r.status, JSON.stringify(b).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(b).slice(0, 80)).toBeLessThan(500);
    }
    expect(server.mailer.sent).toHaveLength(0);
  });
});
