/** The kiosk config and idle rule (src/domain/kiosk-config.ts; storefront.md §3, §4, §9 "Kiosk timers are in minutes"). */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KIOSK_VIDEOS,
  idlePhase,
  kioskConfigFrom,
  kioskResetText,
  nextIdleCheckMs,
} from '../../../src/domain/kiosk-config';

const MIN = 60_000;

describe('kiosk config from settings', () => {
  it('reads the timers in minutes (minutes x 60 x 1000 ms), the videos and the home page', () => {
    const cfg = kioskConfigFrom({
      kiosk_idle_timer: 5,
      kiosk_prompt_timer: '2',
      kiosk_homepage: '/index.php?route=product/special',
      kiosk_videos: [{ id: 7, url: '/v/a.webm', title: 'A' }, { id: 'b', url: '' }, null, { url: '/x.webm' }],
    });
    expect(cfg).toEqual({
      idleMs: 5 * MIN,
      promptMs: 2 * MIN,
      homepage: '/index.php?route=product/special',
      videos: [{ id: '7', url: '/v/a.webm', title: 'A' }],
    });
  });

  it('falls back to the defaults for missing or malformed values; the prompt never outlasts the idle timer', () => {
    const cfg = kioskConfigFrom({
      kiosk_idle_timer: -1,
      kiosk_prompt_timer: 'soon',
      kiosk_homepage: 'https://evil.example/',
    });
    expect(cfg).toEqual({
      idleMs: 3 * MIN,
      promptMs: 1 * MIN,
      homepage: '/product/catalog',
      videos: [...DEFAULT_KIOSK_VIDEOS],
    });
    expect(kioskConfigFrom({ kiosk_homepage: '//evil.example/' }).homepage).toBe('/product/catalog');
    expect(kioskConfigFrom({ kiosk_idle_timer: 1, kiosk_prompt_timer: 4 }).promptMs).toBe(1 * MIN);
    expect(kioskConfigFrom({ kiosk_videos: 'x' }).videos).toEqual([...DEFAULT_KIOSK_VIDEOS]);
    expect(kioskConfigFrom({ kiosk_videos: [] }).videos).toEqual([]);
  });
});

describe('idle phases', () => {
  const cfg = { idleMs: 3 * MIN, promptMs: 1 * MIN };

  it('is active until the prompt time, then counts down the seconds left, then resets', () => {
    expect(idlePhase(0, cfg)).toEqual({ phase: 'active' });
    expect(idlePhase(2 * MIN - 1, cfg)).toEqual({ phase: 'active' });
    expect(idlePhase(2 * MIN, cfg)).toEqual({ phase: 'prompt', secondsLeft: 60 });
    expect(idlePhase(2 * MIN + 500, cfg)).toEqual({ phase: 'prompt', secondsLeft: 60 });
    expect(idlePhase(3 * MIN - 1000, cfg)).toEqual({ phase: 'prompt', secondsLeft: 1 });
    expect(idlePhase(3 * MIN, cfg)).toEqual({ phase: 'reset' });
    expect(idlePhase(10 * MIN, cfg)).toEqual({ phase: 'reset' });
  });

  it('with the prompt as long as the idle timer, the prompt shows at once', () => {
    expect(idlePhase(0, { idleMs: MIN, promptMs: MIN })).toEqual({ phase: 'prompt', secondsLeft: 60 });
  });

  it('checks again exactly when the phase or the shown second can change', () => {
    expect(nextIdleCheckMs(0, cfg)).toBe(2 * MIN);
    expect(nextIdleCheckMs(90_000, cfg)).toBe(30_000);
    expect(nextIdleCheckMs(2 * MIN, cfg)).toBe(1000);
    expect(nextIdleCheckMs(2 * MIN + 250, cfg)).toBe(750);
    expect(nextIdleCheckMs(3 * MIN, cfg)).toBe(0);
    // Walking the checks from the last touch reaches the reset after exactly 2 + 60 steps.
    let t = 0;
    let steps = 0;
    while (idlePhase(t, cfg).phase !== 'reset') {
      t += nextIdleCheckMs(t, cfg);
      steps++;
    }
    expect({ t, steps }).toEqual({ t: 3 * MIN, steps: 61 });
  });

  it('says the spec text', () => {
    expect(kioskResetText(42)).toBe('This kiosk will reset in 42 seconds');
  });
});
