/**
 * The kiosk calls (storefront.md §7 "Kiosk"): POST /tool/kiosk/video {video_id, start_date,
 * end_date} and GET /account/logout/clearSession; and POST /pos/kiosk/start, which hands a kiosk
 * device from the staff member who set it up to its kiosk account (docs/decisions/storefront.md "Kiosk").
 * The video record also carries how the turn ended, `outcome` (ours, optional: docs/decisions/storefront.md
 * "Kiosk settings and video report").
 */
import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

/** How a splash video's turn ended (§4 "Videos advance on end, stall or error"). */
export const KIOSK_VIDEO_OUTCOMES = ['ended', 'stalled', 'error'] as const;
export type KioskVideoOutcome = (typeof KIOSK_VIDEO_OUTCOMES)[number];

export const kioskVideoRequestSchema = z
  .object({
    video_id: z.string().trim().min(1, 'Required').max(64),
    start_date: isoDate,
    end_date: isoDate,
    /** Absent: none to report (the shopper left while it played; a kiosk on an older app). Any other word is refused. */
    outcome: z.enum(KIOSK_VIDEO_OUTCOMES).optional(),
  })
  .refine((v) => Date.parse(v.end_date) >= Date.parse(v.start_date), {
    message: 'end_date must not be before start_date',
    path: ['end_date'],
  });
export type KioskVideoRequest = z.infer<typeof kioskVideoRequestSchema>;

export interface KioskVideoReply {
  success: true;
}

export interface ClearSessionReply {
  success: true;
}

/** No kiosk account to hand the device to (POST /pos/kiosk/start). */
export const NO_KIOSK_ACCOUNT = 'No kiosk account is set up. Ask an administrator to add one.';
