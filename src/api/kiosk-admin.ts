/** The admin's kiosk calls (docs/decisions/storefront.md "Kiosk settings and video report"). */
import {
  kioskSettingsReplySchema,
  kioskVideoReportSchema,
  type KioskSettings,
  type KioskSettingsReply,
  type KioskVideoReport,
} from '../contracts/kiosk-admin';
import { request, toQueryString } from './http';

export const kioskSettingsQueryKey = ['kiosk', 'settings'] as const;

export function getKioskSettings(signal?: AbortSignal): Promise<KioskSettingsReply> {
  return request('/api/kiosk/settings', kioskSettingsReplySchema, { signal });
}

export function saveKioskSettings(s: KioskSettings): Promise<KioskSettingsReply> {
  return request('/api/kiosk/settings', kioskSettingsReplySchema, { method: 'POST', body: s });
}

export function getKioskVideoReport(from: string, to: string, signal?: AbortSignal): Promise<KioskVideoReport> {
  return request(`/api/kiosk/videos/report${toQueryString({ from, to })}`, kioskVideoReportSchema, { signal });
}
