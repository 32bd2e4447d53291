/**
 * The kiosk's idle watch (storefront.md §4 "Kiosk": "an idle prompt appears before the idle
 * timeout. Timing out shows the splash video screen"). Any touch, click, key, wheel or scroll is
 * activity; the phase follows src/domain/kiosk-config.ts idlePhase, re-checked exactly when it can
 * change (no polling loop). Paused while the splash shows (nothing to reset then).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { idlePhase, nextIdleCheckMs, type IdlePhase, type KioskConfig } from '../../domain/kiosk-config';

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export function useIdle(
  cfg: Pick<KioskConfig, 'promptMs' | 'idleMs'>,
  paused: boolean,
  onReset: () => void,
): { phase: IdlePhase; stillHere: () => void } {
  const last = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>({ phase: 'active' });
  const [tick, setTick] = useState(0);
  const resetRef = useRef(onReset);
  resetRef.current = onReset;

  const stillHere = useCallback(() => {
    last.current = Date.now();
    setPhase({ phase: 'active' });
    setTick((n) => n + 1);
  }, []);

  // Activity while active only restarts the clock; while the prompt shows, only its button does
  // (a stray touch behind the dialog is caught by the dialog itself).
  useEffect(() => {
    if (paused) return;
    const seen = () => {
      if (phase.phase === 'active') last.current = Date.now();
    };
    for (const e of ACTIVITY) window.addEventListener(e, seen, { capture: true, passive: true });
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, seen, { capture: true });
    };
  }, [paused, phase.phase]);

  useEffect(() => {
    if (paused) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const idleFor = Date.now() - last.current;
      const p = idlePhase(idleFor, cfg);
      if (p.phase === 'reset') {
        last.current = Date.now();
        setPhase({ phase: 'active' });
        resetRef.current();
        return;
      }
      setPhase((prev) =>
        prev.phase === p.phase &&
        (p.phase !== 'prompt' || (prev.phase === 'prompt' && prev.secondsLeft === p.secondsLeft))
          ? prev
          : p,
      );
      timer = setTimeout(check, Math.max(50, nextIdleCheckMs(idleFor, cfg)));
    };
    last.current = Date.now();
    timer = setTimeout(check, Math.max(50, nextIdleCheckMs(0, cfg)));
    return () => clearTimeout(timer);
  }, [paused, cfg, tick]);

  return { phase, stillHere };
}
