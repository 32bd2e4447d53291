import { createContext, useContext, useSyncExternalStore } from 'react';
import { useSession } from './use-session';

/**
 * The app runs in one of three modes (docs/architecture.md "Modes"):
 * - pos: a staff member is signed in (they win even on a kiosk device, so staff can reconfigure it);
 * - kiosk: this device was set up as a showroom kiosk (localStorage `partsdesk.kiosk` = '1');
 * - storefront: everyone else (shoppers, guests).
 */
export type Mode = 'storefront' | 'pos' | 'kiosk';

export const KIOSK_STORAGE_KEY = 'partsdesk.kiosk';
const KIOSK_EVENT = 'partsdesk:kiosk-change';

function readKioskFlag(): boolean {
  try {
    return localStorage.getItem(KIOSK_STORAGE_KEY) === '1';
  } catch {
    return false; // storage blocked (private mode): not a kiosk
  }
}

// Read once and again on each change: every product card asks for the mode while rendering, and
// a localStorage read per card per render is measurable on a phone.
let kioskFlag: boolean | null = null;
const kioskSnapshot = (): boolean => (kioskFlag ??= readKioskFlag());

function subscribe(onChange: () => void): () => void {
  // 'storage' covers other tabs; the custom event covers this tab (storage events skip the writer).
  const changed = () => {
    kioskFlag = null;
    onChange();
  };
  window.addEventListener('storage', changed);
  window.addEventListener(KIOSK_EVENT, changed);
  return () => {
    window.removeEventListener('storage', changed);
    window.removeEventListener(KIOSK_EVENT, changed);
  };
}

/** Staff turn a device into a kiosk (or back). Kept per device, not per user. */
export function setKioskDevice(on: boolean): void {
  kioskFlag = null;
  if (on) localStorage.setItem(KIOSK_STORAGE_KEY, '1');
  else localStorage.removeItem(KIOSK_STORAGE_KEY);
  window.dispatchEvent(new Event(KIOSK_EVENT));
}

export function useKioskDevice(): boolean {
  return useSyncExternalStore(subscribe, kioskSnapshot, () => false);
}

/** The mode from the session and this device; computed once, by ModeProvider (mode-provider.tsx). */
export function useModeFromSession(): Mode {
  const { isStaff } = useSession();
  const kiosk = useKioskDevice();
  if (isStaff) return 'pos';
  return kiosk ? 'kiosk' : 'storefront';
}

export const ModeContext = createContext<Mode | null>(null);

/**
 * The app's mode. Every product card asks; one provider at the root (app/providers.tsx) watches
 * the session for all of them, so a session reply re-renders a card only when the mode changes.
 */
export function useMode(): Mode {
  const mode = useContext(ModeContext);
  if (mode === null) throw new Error('useMode needs ModeProvider (app/providers.tsx) above it');
  return mode;
}

/**
 * Whether the shopper's own reads (compare list, cart count) may run: the session read has
 * answered and no staff member is signed in. Until it answers a shopper screen shows, but a staff
 * session there would be refused those calls (403), so none is made before the app knows who asks.
 * A POS device starts from its last staff session (api/get-session.ts), so it never asks at all.
 */
export function useShopperReads(): boolean {
  const { isLoading, isStaff } = useSession();
  return !isLoading && !isStaff;
}
