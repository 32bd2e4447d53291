/**
 * The kiosk calls (storefront.md §7 "Kiosk"): POST /tool/kiosk/video {video_id, start_date,
 * end_date} and GET /account/logout/clearSession; and POST /pos/kiosk/start, which hands a kiosk
 * device from the staff member who set it up to its kiosk account (docs/decisions/storefront.md "Kiosk").
 */
import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

export const kioskVideoRequestSchema = z
  .object({
    video_id: z.string().trim().min(1, 'Required').max(64),
    start_date: isoDate,
    end_date: isoDate,
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
