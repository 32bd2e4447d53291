/**
 * The kiosk's staff side (docs/decisions/storefront.md "Kiosk settings and video report"):
 * - the Kiosk config (storefront.md §3) as the settings rows the kiosk reads (kiosk_videos,
 *   kiosk_prompt_timer, kiosk_idle_timer, kiosk_homepage). Must stay true: a value is written only
 *   after kioskSettingsSchema accepted the whole config, so the four rows always agree (the prompt
 *   never longer than the idle time); settings is a versioned table, so staff devices pull the new
 *   rows and a kiosk uses them from its next staff sync on (src/storefront/kiosk/kiosk-config-source.ts).
 * - the splash video views (kiosk_video_views, POST /tool/kiosk/video) counted per video and per
 *   day of the shop's wall clock (settings.timezone), over at most KIOSK_REPORT_MAX_DAYS days: plays,
 *   and of them the completions, stalls and errors (the stored outcome, migration 0029-h).
 */
import { sql, type Kysely } from 'kysely';
import {
  KIOSK_REPORT_MAX_DAYS,
  type KioskSettings,
  type KioskSettingsReply,
  type KioskVideoReport,
  type KioskVideoReportQuery,
} from '../../../src/contracts/kiosk-admin';
import type { KioskVideoOutcome } from '../../../src/contracts/kiosk';
import { kioskConfigFrom } from '../../../src/domain/kiosk-config';
import { nextDay, startOfDay, validZone } from '../../../src/domain/shop-day';
import type { DB } from '../../db/schema';
import { ServiceError } from '../../errors';

const KEYS = ['kiosk_videos', 'kiosk_prompt_timer', 'kiosk_idle_timer', 'kiosk_homepage'] as const;
const COUNTS = ['plays', 'completed', 'stalled', 'errors', 'seconds'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
const DAY_MS = 86_400_000;

const today = (zone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

export class KioskAdminService {
  constructor(private readonly db: Kysely<DB>) {}

  /** What a kiosk would use now: the stored rows, each malformed one read as its default. */
  async settings(): Promise<KioskSettingsReply> {
    const rows = await this.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', [...KEYS])
      .execute();
    const cfg = kioskConfigFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
    return {
      kiosk_videos: cfg.videos,
      kiosk_prompt_timer: cfg.promptMs / 60_000,
      kiosk_idle_timer: cfg.idleMs / 60_000,
      kiosk_homepage: cfg.homepage,
    };
  }

  async save(s: KioskSettings): Promise<KioskSettingsReply> {
    await this.db.transaction().execute(async (trx) => {
      for (const key of KEYS) {
        const value = JSON.stringify(s[key]);
        await trx
          .insertInto('settings')
          .values({ key, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
      }
    });
    return this.settings();
  }

  async videoReport(q: KioskVideoReportQuery): Promise<KioskVideoReport> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', 'timezone').executeTakeFirst();
    const zone = validZone(row?.value);
    const to = q.to ?? today(zone);
    const from = q.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
    if (from > to) throw new ServiceError('invalid', 'invalid_input', 'The start date is after the end date.');
    if (daysBetween(from, to) > KIOSK_REPORT_MAX_DAYS)
      throw new ServiceError('invalid', 'invalid_input', `Choose at most ${KIOSK_REPORT_MAX_DAYS} days.`, {
        from: [`Choose at most ${KIOSK_REPORT_MAX_DAYS} days.`],
      });
    const start = startOfDay(from, zone);
    const end = startOfDay(nextDay(to), zone);
    const seconds = sql<string>`coalesce(sum(extract(epoch from (end_date - start_date))), 0)::bigint::text`;
    const dayOf = sql<string>`to_char(start_date at time zone ${zone}, 'YYYY-MM-DD')`;
    const ending = (outcome: KioskVideoOutcome) => sql<string>`(count(*) filter (where outcome = ${outcome}))::text`;
    const perDay = await this.db
      .selectFrom('kiosk_video_views')
      .select([
        'video_id',
        dayOf.as('day'),
        sql<string>`count(*)::text`.as('plays'),
        ending('ended').as('completed'),
        ending('stalled').as('stalled'),
        ending('error').as('errors'),
        seconds.as('seconds'),
      ])
      .where('start_date', '>=', start)
      .where('start_date', '<', end)
      .groupBy(['video_id', sql.ref('day')]) // the output column: its zone parameter is bound once
      .orderBy('day')
      .orderBy('video_id')
      .execute();
    const titles = new Map((await this.settings()).kiosk_videos.map((v) => [v.id, v.title]));
    const totals = new Map<string, Counts>();
    const days = perDay.map((r) => {
      const counts: Counts = {
        plays: Number(r.plays),
        completed: Number(r.completed),
        stalled: Number(r.stalled),
        errors: Number(r.errors),
        seconds: Number(r.seconds),
      };
      const t = totals.get(r.video_id) ?? { plays: 0, completed: 0, stalled: 0, errors: 0, seconds: 0 };
      for (const k of COUNTS) t[k] += counts[k];
      totals.set(r.video_id, t);
      return { video_id: r.video_id, day: r.day, ...counts };
    });
    const videos = [...totals.entries()]
      .map(([video_id, t]) => ({ video_id, title: titles.get(video_id) ?? '', ...t }))
      .sort((a, b) => b.plays - a.plays || a.video_id.localeCompare(b.video_id));
    return { from, to, videos, days };
  }
}
