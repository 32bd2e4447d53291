/**
 * The kiosk config (storefront.md §3 "Kiosk config": kiosk_videos (id, url, title),
 * kiosk_prompt_timer, kiosk_idle_timer, kiosk_homepage; §9 "Kiosk timers are in minutes") from the
 * shop's settings rows, and the idle rule (§4 "an idle prompt appears before the idle timeout").
 * Pure: the kiosk screen passes the time. Decisions (docs/decisions/storefront.md "Kiosk"):
 * - kiosk_idle_timer: minutes without a touch until the kiosk resets to its splash (default 3);
 * - kiosk_prompt_timer: minutes before that reset the "Are you still there?" prompt appears, i.e.
 *   the length of its countdown (default 1), never longer than the idle timer;
 * - a missing or malformed value falls back to its default; a video needs an id and a url.
 */
import { kioskMinutesToMs } from './constants';

export interface KioskVideo {
  id: string;
  url: string;
  title: string;
}

export interface KioskConfig {
  videos: KioskVideo[];
  promptMs: number;
  idleMs: number;
  homepage: string;
}

export const DEFAULT_KIOSK_VIDEOS: readonly KioskVideo[] = [
  { id: 'demo-1', url: '/kiosk/demo-1.webm', title: 'Parts for every vehicle' },
  { id: 'demo-2', url: '/kiosk/demo-2.webm', title: 'Pick up in store' },
];
export const DEFAULT_KIOSK_PROMPT_MINUTES = 1;
export const DEFAULT_KIOSK_IDLE_MINUTES = 3;
export const DEFAULT_KIOSK_HOMEPAGE = '/product/catalog';

const minutes = (v: unknown, fallback: number): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= 24 * 60 ? n : fallback;
};

function videosOf(v: unknown): KioskVideo[] {
  if (!Array.isArray(v)) return [...DEFAULT_KIOSK_VIDEOS];
  const out: KioskVideo[] = [];
  for (const item of v as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : '';
    const url = typeof r.url === 'string' ? r.url.trim() : '';
    if (!id || !url) continue;
    out.push({ id, url, title: typeof r.title === 'string' ? r.title : '' });
  }
  return out;
}

/** A same-site path only: the kiosk never leaves the shop's own pages (§6 external links disabled). */
function homepageOf(v: unknown): string {
  return typeof v === 'string' && /^\/(?!\/)[^\s\\]*$/.test(v) ? v : DEFAULT_KIOSK_HOMEPAGE;
}

/** The kiosk config from settings rows (key -> parsed JSON value). */
export function kioskConfigFrom(settings: Readonly<Record<string, unknown>>): KioskConfig {
  const idleMs = kioskMinutesToMs(minutes(settings.kiosk_idle_timer, DEFAULT_KIOSK_IDLE_MINUTES));
  const promptMs = Math.min(
    idleMs,
    kioskMinutesToMs(minutes(settings.kiosk_prompt_timer, DEFAULT_KIOSK_PROMPT_MINUTES)),
  );
  return { videos: videosOf(settings.kiosk_videos), promptMs, idleMs, homepage: homepageOf(settings.kiosk_homepage) };
}

export type IdlePhase = { phase: 'active' } | { phase: 'prompt'; secondsLeft: number } | { phase: 'reset' };

/** Where an idle kiosk stands `idleForMs` after its last touch. */
export function idlePhase(idleForMs: number, cfg: Pick<KioskConfig, 'promptMs' | 'idleMs'>): IdlePhase {
  if (idleForMs >= cfg.idleMs) return { phase: 'reset' };
  if (idleForMs < cfg.idleMs - cfg.promptMs) return { phase: 'active' };
  return { phase: 'prompt', secondsLeft: Math.ceil((cfg.idleMs - idleForMs) / 1000) };
}

/** Milliseconds until the phase can next change (the prompt counts down by the second). */
export function nextIdleCheckMs(idleForMs: number, cfg: Pick<KioskConfig, 'promptMs' | 'idleMs'>): number {
  const p = idlePhase(idleForMs, cfg);
  if (p.phase === 'reset') return 0;
  if (p.phase === 'active') return cfg.idleMs - cfg.promptMs - idleForMs;
  const left = cfg.idleMs - idleForMs;
  return left % 1000 || 1000;
}

/** "This kiosk will reset in {n} seconds" (storefront.md §2 Kiosk). */
export const kioskResetText = (n: number): string => `This kiosk will reset in ${n} seconds`;
export const KIOSK_TEXTS = {
  start: 'Press here to get started',
  stillThere: 'Are you still there?',
  stillHere: "I'm still here",
  reset: 'Reset',
  submitToBuy: 'Submit to Buy',
} as const;
