/**
 * The storefront's content calls on the real server (docs/decisions/storefront.md "Content
 * blocks"): the home page's blocks and blog in order, §9's blog pages of 9, the site footer, the
 * alert bar's dismiss cookie, the admin's edits (checked per kind, admin only), pos_locked, the
 * home page's first screen carrying its reply, blog post pages at /{url} ("Blog post pages") and the
 * video block's captions file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogPageSchema,
  CONTENT_MESSAGES,
  HOME_CONTENT_PATH,
  homeContentReplySchema,
  siteContentReplySchema,
} from '../../../src/contracts/content';
import { adminContentReplySchema } from '../../../src/contracts/content-admin';
import { productPageReplySchema } from '../../../src/contracts/product-page';
import { testEngines } from '../../support/engines';
import { TestClient } from '../../support/http-client';
import { startProductServer, type ProductServer } from '../product/support';

const ok = <T>(schema: { parse(v: unknown): T }, r: { status: number; body: unknown }): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return schema.parse(r.body);
};

const banner = {
  slides: [
    {
      image: '/image/catalog/demo/brakes.svg',
      mobile_image: '',
      title: 'New',
      subtitle: '',
      link: '/brakes',
      link_text: 'Go',
      open_in_new_tab: false,
    },
  ],
  speed: 5,
  ratio: { desktop: '16:5', mobile: '4:3' },
  overlay: 0.3,
  alignment: 'center',
};

describe.each(testEngines())('content calls on %s', (engine) => {
  let server: ProductServer;
  let guest: TestClient;
  let admin: TestClient;
  let cashier: TestClient;
  beforeAll(async () => {
    server = await startProductServer(engine);
    guest = new TestClient(server.url);
    admin = new TestClient(server.url);
    await admin.login('admin', 'admin');
    cashier = new TestClient(server.url);
    await cashier.login('cashier', 'cashier');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the home page blocks in order with the blog first page', async () => {
    const home = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH));
    expect(home.blocks.map((b) => b.kind)).toEqual([
      'alert_bar',
      'banner',
      'hero_menu',
      'countdown',
      'image_grid',
      'video',
      'read_more',
      'blog_list',
    ]);
    expect(home.pos_locked).toBe(false);
    expect(home.blog).toMatchObject({ page: 1, total: 14, has_more: true });
    expect(home.blog!.posts).toHaveLength(9);
    // Newest first, linked at /{url} (§2).
    const dates = home.blog!.posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(home.blog!.posts[0]!.url).toMatch(/^\/blog-[a-z0-9-]+$/);
  });

  it('pages the blog 9 at a time (§9)', async () => {
    const second = ok(blogPageSchema, await guest.get('/api/content/blog?page=2'));
    expect(second).toMatchObject({ page: 2, total: 14, has_more: false });
    expect(second.posts).toHaveLength(5);
    const first = ok(blogPageSchema, await guest.get('/api/content/blog'));
    expect(new Set([...first.posts, ...second.posts].map((p) => p.id)).size).toBe(14);
    expect(ok(blogPageSchema, await guest.get('/api/content/blog?page=x')).page).toBe(1);
    expect(ok(blogPageSchema, await guest.get('/api/content/blog?page=50')).posts).toEqual([]);
  });

  it('serves the site footer and switches', async () => {
    const site = ok(siteContentReplySchema, await guest.get('/api/content/site'));
    expect(site).toMatchObject({ pos_locked: false, tag_manager_id: null });
    expect(site.footer?.data.sections.map((s) => s.title)).toEqual(['Shop', 'Customer service', 'About us']);
  });

  it('leaves out an alert bar the caller dismissed', async () => {
    const home = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH));
    const alert = home.blocks.find((b) => b.kind === 'alert_bar')!;
    const dismissed = ok(
      homeContentReplySchema,
      await guest.get(HOME_CONTENT_PATH, { cookie: `pd_alert_${alert.id}=1; pd_alert_x=1` }),
    );
    expect(dismissed.blocks.map((b) => b.id)).not.toContain(alert.id);
    expect(dismissed.blocks).toHaveLength(home.blocks.length - 1);
  });

  it('lets only an admin edit, and checks each kind', async () => {
    const save = { page: 'home', kind: 'banner', position: 5, status: true, data: banner };
    expect((await guest.post('/api/content/block/save', save)).status).toBe(401);
    expect((await cashier.post('/api/content/block/save', save)).status).toBe(403);
    expect((await cashier.get('/api/content/blocks')).status).toBe(403);

    const saved = ok(adminContentReplySchema, await admin.post('/api/content/block/save', save));
    const mine = saved.blocks.find((b) => b.position === 5 && b.kind === 'banner')!;
    expect(mine).toBeDefined();
    let home = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH));
    expect(home.blocks[0]).toMatchObject({ id: mine.id, kind: 'banner', data: banner });

    // A link that would run script, an outside image, a bad ratio: refused, nothing stored.
    const bad = (data: unknown) => admin.post('/api/content/block/save', { ...save, id: mine.id, data });
    const r1 = await bad({ ...banner, slides: [{ ...banner.slides[0], link: 'javascript:alert(1)' }] });
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({
      message: CONTENT_MESSAGES.link,
      fields: { 'data.slides.0.link': [CONTENT_MESSAGES.link] },
    });
    const r2 = await bad({ ...banner, slides: [{ ...banner.slides[0], image: 'https://evil.example/x.png' }] });
    expect(r2.body).toMatchObject({ message: CONTENT_MESSAGES.image });
    expect((await bad({ ...banner, ratio: { desktop: '0:1', mobile: '4:3' } })).status).toBe(400);
    expect((await bad({ ...banner, speed: 1.5 })).status).toBe(400);
    const kind = await admin.post('/api/content/block/save', { ...save, id: mine.id, kind: 'video' });
    expect(kind.status).toBe(400);
    expect((await admin.post('/api/content/block/save', { ...save, id: 99_999 })).status).toBe(404);
    expect((await admin.post('/api/content/block/save', { ...save, kind: 'marquee' })).status).toBe(400);

    // Hidden, then deleted.
    await admin.post('/api/content/block/save', { ...save, id: mine.id, status: false });
    home = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH));
    expect(home.blocks.map((b) => b.id)).not.toContain(mine.id);
    const all = ok(adminContentReplySchema, await admin.get('/api/content/blocks'));
    expect(all.blocks.find((b) => b.id === mine.id)).toMatchObject({ status: false, data: banner });
    ok(adminContentReplySchema, await admin.post('/api/content/block/delete', { id: mine.id }));
    expect((await admin.post('/api/content/block/delete', { id: mine.id })).status).toBe(404);
  });

  it('locks the storefront with pos_locked', async () => {
    expect((await cashier.post('/api/content/settings', { pos_locked: true })).status).toBe(403);
    expect(
      ok(adminContentReplySchema, await admin.post('/api/content/settings', { pos_locked: true })).pos_locked,
    ).toBe(true);
    expect(ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH)).pos_locked).toBe(true);
    expect(ok(siteContentReplySchema, await guest.get('/api/content/site')).pos_locked).toBe(true);
    expect((await admin.post('/api/content/settings', { pos_locked: 'yes' })).status).toBe(400);
    await admin.post('/api/content/settings', { pos_locked: false });
    expect(ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH)).pos_locked).toBe(false);
  });

  it('embeds the home page reply in its first screen', async () => {
    fs.writeFileSync(
      path.join(server.staticDir, 'index.html'),
      '<!doctype html>\n<html lang="en"><head><script>var homeModules = [];</script></head>' +
        '<body><div id="root"><!--first-screen--><div>Partsdesk</div><!--/first-screen--></div></body></html>',
    );
    const res = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const m = /<script type="application\/json" id="pd-first-data" data-path="([^"]*)">(.*?)<\/script>/s.exec(res.body);
    expect(m?.[1]).toBe(HOME_CONTENT_PATH);
    const embedded = homeContentReplySchema.parse(JSON.parse(m![2]!));
    expect(embedded).toEqual(ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH)));
    // A query string is the client's to read.
    const other = await server.app.inject({
      method: 'GET',
      url: '/?utm_source=x',
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(other.body).not.toContain('pd-first-data');
  });

  it('answers a blog post at its url through the slug read, and 404 for unknown or hidden ones', async () => {
    const first = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH)).blog!.posts[0]!;
    const slug = first.url.slice(1);
    const page = ok(productPageReplySchema, await guest.get(`/api/products/page/${slug}`));
    expect(page.kind).toBe('blog_post');
    if (page.kind !== 'blog_post') return;
    expect(page.post).toMatchObject({ id: first.id, title: first.title, url: first.url, date: first.date });
    expect(page.post.body.split('\n\n').length).toBeGreaterThan(1);

    // Markup in a body is text the page prints, stored and sent as written (never rendered as HTML).
    const body = '<img src=x onerror=alert(1)>\n\nSecond paragraph.';
    await server.db.updateTable('blog_posts').set({ body }).where('blog_post_id', '=', first.id).execute();
    const raw = ok(productPageReplySchema, await guest.get(`/api/products/page/${slug}`));
    expect(raw).toMatchObject({ kind: 'blog_post', post: { body } });

    // Products, brands and categories keep their slugs; an unknown url or a hidden post is not found.
    expect((await guest.get('/api/products/page/blog-no-such-post')).status).toBe(404);
    await server.db.updateTable('blog_posts').set({ status: false }).where('blog_post_id', '=', first.id).execute();
    expect((await guest.get(`/api/products/page/${slug}`)).status).toBe(404);
    await server.db.updateTable('blog_posts').set({ status: true }).where('blog_post_id', '=', first.id).execute();

    // A navigation to the post gets the reply embedded (server-rendered like a product page).
    fs.writeFileSync(
      path.join(server.staticDir, 'index.html'),
      '<!doctype html>\n<html lang="en"><head><script>var slugModules = [];</script></head>' +
        '<body><div id="root"><!--first-screen--><div>Partsdesk</div><!--/first-screen--></div></body></html>',
    );
    const nav = (url: string) =>
      server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    const res = await nav(first.url);
    expect(res.statusCode).toBe(200);
    const m = /<script type="application\/json" id="pd-first-data" data-path="([^"]*)">(.*?)<\/script>/s.exec(res.body);
    expect(m?.[1]).toBe(`/api/products/page/${slug}`);
    expect(productPageReplySchema.parse(JSON.parse(m![2]!))).toMatchObject({ kind: 'blog_post', post: { body } });
    // The body's markup is inside JSON, escaped: it can never close the script element.
    expect(m![2]).not.toContain('<img');
    // A url that is no post (nor product, brand or category) is a 404 page, its embedded reply the
    // API's own 404: never a post's data (docs/decisions/storefront.md "Server-rendered first screen").
    const missing = await nav('/blog-no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('"kind":"blog_post"');
  });

  it('takes a WebVTT captions file on the video block, checked like its other paths', async () => {
    const video = {
      heading: 'Inside our shop',
      video_id: 'shop',
      video_url: '/kiosk/demo-1.webm',
      poster: '/image/catalog/demo/engine.svg',
      width: 960,
    };
    const save = { page: 'home', kind: 'video', position: 7, status: true };
    const withCaptions = {
      ...video,
      captions_url: '/video/partsdesk-shop.vtt',
      captions_lang: 'en-US',
      captions_label: 'English',
    };
    const saved = ok(
      adminContentReplySchema,
      await admin.post('/api/content/block/save', { ...save, data: withCaptions }),
    );
    const mine = saved.blocks.find((b) => b.position === 7 && b.kind === 'video')!;
    expect(mine.data).toEqual(withCaptions);
    const home = ok(homeContentReplySchema, await guest.get(HOME_CONTENT_PATH));
    expect(home.blocks.find((b) => b.id === mine.id)?.data).toEqual(withCaptions);
    // The demo's video block names the demo captions (and a block saved without them still parses).
    expect(home.blocks.find((b) => b.kind === 'video' && b.id !== mine.id)?.data).toMatchObject({
      captions_url: '/video/partsdesk-shop.vtt',
    });
    ok(adminContentReplySchema, await admin.post('/api/content/block/save', { ...save, id: mine.id, data: video }));

    const bad = (data: unknown) => admin.post('/api/content/block/save', { ...save, id: mine.id, data });
    for (const captions_url of ['https://evil.example/c.vtt', '/video/c.srt', 'javascript:alert(1)']) {
      const r = await bad({ ...video, captions_url });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ fields: { 'data.captions_url': [CONTENT_MESSAGES.captions] } });
    }
    expect((await bad({ ...video, captions_lang: 'english!' })).body).toMatchObject({
      message: CONTENT_MESSAGES.language,
    });
    ok(adminContentReplySchema, await admin.post('/api/content/block/delete', { id: mine.id }));
  });
});
