/**
 * What the General tab needs from the device before it can show the form: the shop's customer_form
 * flags and custom fields (store settings as pulled), countries and zones (migration 0026-f fills
 * them from country-region-data), the stores (Default Location) and customer groups. All offline.
 */
import { lookupRows, storeSettings } from '../../../db/queries';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';
import type { CustomFieldDef } from '../../../domain/forms/custom-fields';
import type { Country, Zone } from '../../../features/pos-customer/address-fields';

export interface Named {
  id: number;
  name: string;
}

export interface GeneralSetup {
  requireEmail: boolean;
  requireTelephone: boolean;
  requireAddress: boolean;
  customFields: CustomFieldDef[];
  countries: Country[];
  zones: Zone[];
  locations: Named[];
  groups: Named[];
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

export function useGeneralSetup() {
  return useLiveQuery(async (): Promise<GeneralSetup> => {
    const db = deviceDb();
    const s = await storeSettings(db);
    const locations = await lookupRows<{ location_id: number; name: string }>(db, 'locations');
    const groups = await lookupRows<{ customer_group_id: number; name: string }>(db, 'customer_groups');
    return {
      requireEmail: s.requireEmail,
      requireTelephone: s.requireTelephone,
      requireAddress: s.requireAddress,
      customFields: s.customFields ?? [],
      countries: (await lookupRows<Country>(db, 'countries')).sort(byName),
      zones: (await lookupRows<Zone>(db, 'zones')).sort(byName),
      locations: locations.map((l) => ({ id: Number(l.location_id), name: l.name })).sort(byName),
      groups: groups.map((g) => ({ id: Number(g.customer_group_id), name: g.name })).sort(byName),
    };
  }, []);
}
