/**
 * The admin's kiosk settings, kiosk video report and custom forms calls (docs/decisions/storefront.md
 * "Kiosk settings and video report", "Custom forms admin") on both engines: saved and re-checked
 * by the server, read back as a kiosk reads them, the report's counts per video and per day, a
 * form created, edited (field ids kept) and submitted to, its submissions newest first; shoppers,
 * the kiosk and counter staff refused; bad input 4xx, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFormListSchema,
  adminFormSchema,
  submissionsReplySchema,
  type CustomFormSave,
} from '../../../src/contracts/forms-admin';
import { kioskSettingsReplySchema, kioskVideoReportSchema } from '../../../src/contracts/kiosk-admin';
import { kioskConfigFrom } from '../../../src/domain/kiosk-config';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { signedIn } from '../sync/support/sync-server';
import { startProductServer, type ProductServer } from '../product/support';

const SUBMIT = '/index.php?route=module/forms/postSubmission';

const goodSettings = () => ({
  kiosk_videos: [
    { id: 'promo-1', url: '/kiosk/demo-1.webm', title: 'Winter tyres' },
    { id: 'promo-2', url: '/kiosk/demo-2.webm', title: '' },
  ],
  kiosk_prompt_timer: 0.5,
  kiosk_idle_timer: 2,
  kiosk_homepage: '/product/catalog',
});

const newForm = (over: Partial<CustomFormSave> = {}): CustomFormSave => ({
  slug: 'trade-in',
  name: 'Trade-in request',
  status: true,
  form_data: {
    require_captcha: 0,
    heading_text: 'Trade in your old parts',
    submit_button_text: 'Send',
    submit_button_color: '#1d4ed8',
    submit_button_text_color: '#ffffff',
    redirect_on_submit: 0,
    redirect_url: '',
    after_submit_message: 'Thanks, we will call you.',
    label_position: 'top',
    schedule_appointment: false,
    mail_location_id: null,
  },
  fields: [
    { type: 'legend', label_text: 'About you', placeholder_text: '', required: true, options: ['x'] },
    { type: 'text', label_text: 'Name', placeholder_text: 'Your name', required: true, options: [] },
    { type: 'dropdown', label_text: 'Part', placeholder_text: '', required: false, options: ['Battery', 'Tyre'] },
  ],
  ...over,
});

describe.each(testEngines())('kiosk and forms admin on %s', (engine) => {
  let server: ProductServer;
  let admin: TestClient;
  let others: [string, TestClient][];

  beforeAll(async () => {
    server = await startProductServer(engine);
    admin = await signedIn(server.url, 'admin', 'admin');
    others = [
      ['guest', new TestClient(server.url)],
      ['shopper', await signedIn(server.url, 'shopper@example.com', 'shopper')],
      ['kiosk', await signedIn(server.url, 'kiosk', 'kiosk')],
      ['cashier', await signedIn(server.url, 'cashier', 'cashier')],
    ];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses every call to strangers, shoppers, the kiosk and counter staff', async () => {
    for (const [who, c] of others) {
      const expected = who === 'guest' ? 401 : 403;
      expect((await c.get('/api/kiosk/settings')).status, who).toBe(expected);
      expect((await c.post('/api/kiosk/settings', goodSettings())).status, who).toBe(expected);
      expect((await c.get('/api/kiosk/videos/report')).status, who).toBe(expected);
      expect((await c.get('/api/custom-forms')).status, who).toBe(expected);
      expect((await c.post('/api/custom-forms/save', newForm({ slug: `x-${who}` }))).status, who).toBe(expected);
      expect((await c.get('/api/custom-forms/1/submissions')).status, who).toBe(expected);
    }
    expect(await server.db.selectFrom('custom_forms').select('slug').where('slug', 'like', 'x-%').execute()).toEqual(
      [],
    );
  });

  it('reads the kiosk config, refuses bad settings field by field, saves good ones as a kiosk reads them', async () => {
    const before = kioskSettingsReplySchema.parse((await admin.get('/api/kiosk/settings')).body);
    expect(before).toMatchObject({ kiosk_prompt_timer: 1, kiosk_idle_timer: 3, kiosk_homepage: '/product/catalog' });
    const bad = await admin.post('/api/kiosk/settings', {
      kiosk_videos: [
        { id: 'a b', url: 'https://elsewhere.example/v.mp4', title: 'x' },
        { id: 'ok', url: '/v.webm', title: '' },
        { id: 'ok', url: '/w.webm', title: '' },
      ],
      kiosk_prompt_timer: 5,
      kiosk_idle_timer: 2,
      kiosk_homepage: '//evil.example',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'kiosk_videos.0.id': ['Use letters, digits, - or _ (at most 64).'],
      'kiosk_videos.0.url': ['Use a path on this site, starting with / (e.g. /product/catalog).'],
      'kiosk_videos.2.id': ['Two videos have this id.'],
      kiosk_homepage: ['Use a path on this site, starting with / (e.g. /product/catalog).'],
    });
    const timers = await admin.post('/api/kiosk/settings', { ...goodSettings(), kiosk_prompt_timer: 3 });
    expect(timers.body.fields.kiosk_prompt_timer).toEqual([
      'The prompt cannot come before the kiosk is idle: make it at most the idle time.',
    ]);
    for (const n of [0, -1, 1441, 'soon'])
      expect((await admin.post('/api/kiosk/settings', { ...goodSettings(), kiosk_idle_timer: n })).status).toBe(400);
    expect((await admin.post('/api/kiosk/settings', 'nonsense')).status).toBe(400);

    const saved = await admin.post('/api/kiosk/settings', goodSettings());
    expect(saved.status).toBe(200);
    expect(kioskSettingsReplySchema.parse(saved.body)).toEqual(goodSettings());
    const rows = await server.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'kiosk_%')
      .execute();
    const cfg = kioskConfigFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    expect(cfg).toEqual({
      videos: goodSettings().kiosk_videos,
      promptMs: 30_000,
      idleMs: 120_000,
      homepage: '/product/catalog',
    });
  });

  it('reports plays, completions, stalls, errors and seconds per video and per day; an empty period and bad dates', async () => {
    const e = await admin.get('/api/kiosk/videos/report?from=2020-01-01&to=2020-01-31');
    const empty = kioskVideoReportSchema.parse(e.body);
    expect(empty).toEqual({ from: '2020-01-01', to: '2020-01-31', videos: [], days: [] });
    const kiosk = others.find(([w]) => w === 'kiosk')![1];
    // 2026-03-10 16:00Z is 10:00 in Chicago (the demo shop's zone); 2026-03-11 03:00Z is still the 10th there.
    const plays: [string, string, string, string?][] = [
      ['promo-1', '2026-03-10T16:00:00Z', '2026-03-10T16:00:04Z', 'ended'],
      ['promo-1', '2026-03-11T03:00:00Z', '2026-03-11T03:00:02Z', 'stalled'],
      ['promo-1', '2026-03-11T03:05:00Z', '2026-03-11T03:05:00Z', 'error'],
      ['promo-2', '2026-03-11T15:00:00Z', '2026-03-11T15:00:04Z'],
      ['promo-2', '2026-03-11T16:00:00Z', '2026-03-11T16:00:03Z', 'ended'],
      ['promo-1', '2026-03-12T15:00:00Z', '2026-03-12T15:00:01Z', 'error'],
    ];
    for (const [video_id, start_date, end_date, outcome] of plays)
      expect(
        (await kiosk.post('/tool/kiosk/video', { video_id, start_date, end_date, ...(outcome ? { outcome } : {}) }))
          .status,
      ).toBe(200);
    const r = kioskVideoReportSchema.parse(
      (await admin.get('/api/kiosk/videos/report?from=2026-03-10&to=2026-03-11')).body,
    );
    expect(r.videos).toEqual([
      { video_id: 'promo-1', title: 'Winter tyres', plays: 3, completed: 1, stalled: 1, errors: 1, seconds: 6 },
      { video_id: 'promo-2', title: '', plays: 2, completed: 1, stalled: 0, errors: 0, seconds: 7 },
    ]);
    expect(r.days).toEqual([
      { video_id: 'promo-1', day: '2026-03-10', plays: 3, completed: 1, stalled: 1, errors: 1, seconds: 6 },
      { video_id: 'promo-2', day: '2026-03-11', plays: 2, completed: 1, stalled: 0, errors: 0, seconds: 7 },
    ]);
    expect((await admin.get('/api/kiosk/videos/report?from=2026-03-12&to=2026-03-10')).status).toBe(400);
    expect((await admin.get('/api/kiosk/videos/report?from=2020-01-01&to=2026-01-01')).status).toBe(400);
    expect((await admin.get('/api/kiosk/videos/report?from=yesterday')).status).toBe(400);
  });

  it('creates a form, keeps field ids on edit, mails its store, lists its submissions newest first', async () => {
    const created = await admin.post('/api/custom-forms/save', newForm());
    expect(created.status).toBe(200);
    const form = adminFormSchema.parse(created.body);
    expect(form.fields.map((f) => [f.type, f.required, f.options])).toEqual([
      ['legend', false, []],
      ['text', true, []],
      ['dropdown', false, ['Battery', 'Tyre']],
    ]);
    const store = form.stores[1]!;
    const [, name, part] = form.fields;
    const edit = newForm({
      id: form.id,
      form_data: { ...newForm().form_data, mail_location_id: store.location_id },
      fields: [
        { ...part!, required: true },
        { ...name! },
        { type: 'email', label_text: 'Email', placeholder_text: '', required: false, options: [] },
      ],
    });
    const edited = adminFormSchema.parse((await admin.post('/api/custom-forms/save', edit)).body);
    expect(edited.fields.map((f) => f.id).slice(0, 2)).toEqual([part!.id, name!.id]);
    expect(edited.fields).toHaveLength(3);
    expect(edited.form_data.mail_location_id).toBe(store.location_id);
    const page = (await new TestClient(server.url).get('/api/forms/trade-in')).body;
    expect(page.fields.map((f: { label_text: string }) => f.label_text)).toEqual(['Part', 'Name', 'Email']);

    const guest = new TestClient(server.url);
    for (const who of ['Pat', 'Sam']) {
      const r = await guest.post(SUBMIT, {
        form_id: form.id,
        submission_values: { [part!.id]: 'Battery', [name!.id]: who },
      });
      expect(r.status).toBe(200);
    }
    const mailed = await server.db
      .selectFrom('form_submissions')
      .select(['location_id'])
      .where('form_id', '=', form.id)
      .execute();
    expect(mailed.map((m) => m.location_id)).toEqual([store.location_id, store.location_id]);
    const subs = submissionsReplySchema.parse((await admin.get(`/api/custom-forms/${form.id}/submissions`)).body);
    expect(subs).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(subs.submissions[0]!.values).toEqual([
      { label: 'Part', value: 'Battery' },
      { label: 'Name', value: 'Sam' },
      { label: 'Email', value: '' },
    ]);
    expect(subs.submissions[0]!.store).toBe(store.name);
    const list = adminFormListSchema.parse((await admin.get('/api/custom-forms')).body);
    expect(list.forms.find((f) => f.slug === 'trade-in')).toMatchObject({ submissions: 2, fields: 3, status: true });
    expect(list.forms.map((f) => f.slug)).toEqual(
      expect.arrayContaining(['contact-us', 'parts-request', 'newsletter']),
    );
  });

  it('refuses bad forms with 4xx and field messages', async () => {
    const post = (body: unknown) => admin.post('/api/custom-forms/save', body);
    const bad = await post(
      newForm({
        slug: 'Bad Slug',
        name: '',
        fields: [
          { type: 'radio', label_text: 'Pick', placeholder_text: '', required: true, options: [] },
          { type: 'text', label_text: '', placeholder_text: '', required: false, options: [] },
          { type: 'image', label_text: 'Logo', placeholder_text: '', required: false, options: ['javascript:x'] },
        ],
        form_data: {
          ...newForm().form_data,
          redirect_on_submit: 1,
          redirect_url: 'https://evil.example',
          submit_button_color: 'red',
        },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      slug: ['Use lowercase letters, digits and - (at most 64).'],
      name: ['Name is required!'],
      'fields.0.options': ['Add at least one option.'],
      'fields.1.label_text': ['Label is required!'],
      'fields.2.options': [expect.stringContaining('Image: use a path on this site')],
      'form_data.redirect_url': [expect.stringContaining('Redirect: use a path on this site')],
      'form_data.submit_button_color': ['Use a colour as #rrggbb.'],
    });
    const taken = await post(newForm({ slug: 'contact-us' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Another form already uses this address.');
    const other = adminFormListSchema.parse((await admin.get('/api/custom-forms')).body).forms[0]!;
    const foreign = await admin.get(`/api/custom-forms/${other.id}`);
    const foreignField = adminFormSchema.parse(foreign.body).fields[0]!.id;
    const stolen = await post(newForm({ slug: 'steal', fields: [{ ...newForm().fields[1]!, id: foreignField }] }));
    expect(stolen.status).toBe(409);
    const noStore = await post(
      newForm({ slug: 'nostore', form_data: { ...newForm().form_data, mail_location_id: 999999 } }),
    );
    expect(noStore.status).toBe(400);
    expect((await post(newForm({ id: 999999, slug: 'gone' }))).status).toBe(404);
    expect((await admin.get('/api/custom-forms/abc')).status).toBe(400);
    expect((await admin.get('/api/custom-forms/999999/submissions')).status).toBe(404);
    expect(
      await server.db
        .selectFrom('custom_forms')
        .select('slug')
        .where('slug', 'in', ['steal', 'nostore', 'gone'])
        .execute(),
    ).toEqual([]);
  });
});
