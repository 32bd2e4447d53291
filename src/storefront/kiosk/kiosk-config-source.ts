/**
 * The kiosk config as this device has it: the settings rows staff devices pull (the kiosk device
 * was synced by staff before it went on the floor), read from the device store; until read, or
 * where the device has none, the defaults (src/domain/kiosk-config.ts).
 */
import { useEffect, useState } from 'react';
import { kioskConfigFrom, type KioskConfig } from '../../domain/kiosk-config';

export const DEFAULT_KIOSK_CONFIG: KioskConfig = kioskConfigFrom({});

async function readConfig(): Promise<KioskConfig> {
  const [{ deviceDb }, { lookupRows }] = await Promise.all([
    import('../../device/device-db'),
    import('../../db/queries'),
  ]);
  const rows = await lookupRows<{ key: string; value: unknown }>(deviceDb(), 'settings');
  return kioskConfigFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

export function useKioskConfig(): KioskConfig {
  const [cfg, setCfg] = useState(DEFAULT_KIOSK_CONFIG);
  useEffect(() => {
    let live = true;
    readConfig().then(
      (c) => live && setCfg(c),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return cfg;
}
