/**
 * Migration 0028-d: the showroom kiosk (storefront.md §2 Kiosk, §3 Kiosk config, §7 Kiosk calls;
 * docs/decisions/storefront.md "Kiosk").
 *
 * - kiosk_video_views: one row per splash video a kiosk played (POST /tool/kiosk/video: video_id,
 *   start_date, end_date), with the kiosk account that sent it. Server-only analytics: not
 *   versioned, never pulled.
 * - The kiosk config as settings rows (kiosk_videos, kiosk_prompt_timer, kiosk_idle_timer,
 *   kiosk_homepage), inserted only where the shop has none: staff devices pull settings, so a
 *   kiosk device has them offline from its last staff sync; missing or malformed values fall back
 *   to the defaults in src/domain/kiosk-config.ts.
 */
import { sql, type Kysely } from 'kysely';

const DEFAULTS: Record<string, unknown> = {
  kiosk_videos: [
    { id: 'demo-1', url: '/kiosk/demo-1.webm', title: 'Parts for every vehicle' },
    { id: 'demo-2', url: '/kiosk/demo-2.webm', title: 'Pick up in store' },
  ],
  kiosk_prompt_timer: 1,
  kiosk_idle_timer: 3,
  kiosk_homepage: '/product/catalog',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table kiosk_video_views (
  id bigint generated always as identity primary key,
  video_id text not null,
  start_date timestamptz not null,
  end_date timestamptz not null,
  kiosk_user_id integer references staff_users (user_id) on delete set null,
  recorded_at timestamptz not null default now()
)`.execute(db);
  await sql`create index kiosk_video_views_video_idx on kiosk_video_views (video_id, start_date)`.execute(db);
  for (const [key, value] of Object.entries(DEFAULTS))
    await sql`insert into settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do nothing`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists kiosk_video_views`.execute(db);
  await sql`delete from settings where key in (${sql.join(Object.keys(DEFAULTS))})`.execute(db);
}
