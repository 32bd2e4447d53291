/**
 * The kiosk's staff calls (docs/decisions/storefront.md "Kiosk settings and video report"):
 * - GET /api/kiosk/settings, POST /api/kiosk/settings: the Kiosk config of storefront.md §3
 *   (kiosk_videos (id, url, title), kiosk_prompt_timer, kiosk_idle_timer, kiosk_homepage), timers
 *   in minutes (§9). The screen checks with this schema; the server checks again before saving.
 * - GET /api/kiosk/videos/report?from&to: the splash video views (POST /tool/kiosk/video) per
 *   video and per day, days in the shop's time zone: plays, completions, stalls, errors, seconds.
 */
import { z } from 'zod';

/** A path on this site: the kiosk plays and links only the shop's own files (CSP default-src 'self'). */
export const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
export const KIOSK_MINUTES_MAX = 1440;
export const KIOSK_VIDEOS_MAX = 20;

export const KIOSK_ADMIN_MESSAGES = {
  minutes: `Enter minutes above 0, at most ${KIOSK_MINUTES_MAX}.`,
  promptAboveIdle: 'The prompt cannot come before the kiosk is idle: make it at most the idle time.',
  path: 'Use a path on this site, starting with / (e.g. /product/catalog).',
  videoId: 'Use letters, digits, - or _ (at most 64).',
  duplicateId: 'Two videos have this id.',
  tooManyVideos: `At most ${KIOSK_VIDEOS_MAX} videos.`,
  saved: 'Kiosk settings saved. Kiosks use them after their next sync.',
} as const;

const minutes = z.coerce
  .number({ error: KIOSK_ADMIN_MESSAGES.minutes })
  .refine((n) => Number.isFinite(n) && n > 0 && n <= KIOSK_MINUTES_MAX, KIOSK_ADMIN_MESSAGES.minutes);

const sitePath = (max: number) =>
  z.string().trim().max(max, `Maximum ${max} characters`).regex(SITE_PATH, KIOSK_ADMIN_MESSAGES.path);

export const kioskVideoSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, KIOSK_ADMIN_MESSAGES.videoId),
  url: sitePath(500),
  title: z.string().trim().max(120, 'Maximum 120 characters'),
});

export const kioskSettingsSchema = z
  .object({
    kiosk_videos: z
      .array(kioskVideoSchema)
      .max(KIOSK_VIDEOS_MAX, KIOSK_ADMIN_MESSAGES.tooManyVideos)
      .superRefine((videos, ctx) => {
        const seen = new Set<string>();
        videos.forEach((v, i) => {
          if (seen.has(v.id))
            ctx.addIssue({ code: 'custom', message: KIOSK_ADMIN_MESSAGES.duplicateId, path: [i, 'id'] });
          seen.add(v.id);
        });
      }),
    kiosk_prompt_timer: minutes,
    kiosk_idle_timer: minutes,
    kiosk_homepage: sitePath(200),
  })
  .refine((s) => s.kiosk_prompt_timer <= s.kiosk_idle_timer, {
    message: KIOSK_ADMIN_MESSAGES.promptAboveIdle,
    path: ['kiosk_prompt_timer'],
  });
export type KioskSettings = z.infer<typeof kioskSettingsSchema>;

export const kioskSettingsReplySchema = z.object({
  kiosk_videos: z.array(z.object({ id: z.string(), url: z.string(), title: z.string() })),
  kiosk_prompt_timer: z.number(),
  kiosk_idle_timer: z.number(),
  kiosk_homepage: z.string(),
});
export type KioskSettingsReply = z.infer<typeof kioskSettingsReplySchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');
export const KIOSK_REPORT_MAX_DAYS = 366;

export const kioskVideoReportQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date is after the end date.',
    path: ['to'],
  });
export type KioskVideoReportQuery = z.infer<typeof kioskVideoReportQuerySchema>;

const videoTotals = z.object({
  video_id: z.string(),
  /** The title in today's kiosk_videos; '' for a video no longer listed. */
  title: z.string(),
  plays: z.number().int(),
  /** Turns that played to the end, stalled, or failed (the record's outcome; a turn without one counts in none). */
  completed: z.number().int(),
  stalled: z.number().int(),
  errors: z.number().int(),
  /** Seconds between start_date and end_date, summed. */
  seconds: z.number().int(),
});

export const kioskVideoReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  videos: z.array(videoTotals),
  days: z.array(videoTotals.omit({ title: true }).extend({ day: z.string() })),
});
export type KioskVideoReport = z.infer<typeof kioskVideoReportSchema>;
