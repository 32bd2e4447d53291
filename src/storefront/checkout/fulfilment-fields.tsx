import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { localizationQueryOptions } from '../../api/online-orders';
import { contactLocationsQueryOptions } from '../../api/product-contact';
import type { AddressFields } from '../../domain/address';
import type { FulfilmentRequest } from '../../contracts/online-order-fulfilment';
import type { FulfilmentMethod } from '../../domain/online-orders';
import { SelectField, TextField } from '../../ui/field';
import styles from './checkout.module.css';

/** What the fulfilment fields hold, as typed (selects are strings). */
export interface FulfilmentValues {
  method: FulfilmentMethod;
  location_id: string;
  address: AddressFields<string>;
}

/** The United States (migration 0026-f keeps its id): the shipping form's first country. */
const US = '223';

/** The store the dealer locator chose (storefront.md §3 Cookies: locator_pickup_location), or ''. */
export function locatorStore(cookie: string): string {
  const m = /(?:^|;\s*)locator_pickup_location=([^;]*)/.exec(cookie);
  const v = m ? decodeURIComponent(m[1] ?? '') : '';
  return /^\d+$/.test(v) ? v : '';
}

export const emptyFulfilment = (name: { firstname: string; lastname: string }, store: string): FulfilmentValues => ({
  method: 'pickup',
  location_id: store,
  address: {
    ...name,
    company: '',
    address_1: '',
    address_2: '',
    city: '',
    postcode: '',
    country_id: US,
    zone_id: '',
  },
});

/** The call's fulfilment from the fields: only the chosen method's part is sent. */
export function fulfilmentBody(v: FulfilmentValues): FulfilmentRequest {
  if (v.method === 'pickup') return { method: 'pickup', location_id: v.location_id === '' ? null : v.location_id };
  return {
    method: 'shipping',
    address: { ...v.address, country_id: v.address.country_id, zone_id: v.address.zone_id },
  };
}

type Field = (name: `fulfilment.${string}`) => UseFormRegisterReturn & { error: string | undefined };

/**
 * How the order is fulfilled (docs/decisions/storefront.md "Online orders and fulfilment"):
 * pickup at one of the shop's stores (the locator's choice first), or shipping to an address
 * checked with the customer form's address rules, at the shop's flat rate.
 */
export function FulfilmentFields(props: {
  method: FulfilmentMethod;
  countryId: string;
  /** "$9.95", or null when the shop does not ship. */
  shippingText: string | null;
  field: Field;
  /** The store chosen now; `onStore` sets it (the locator's, else the first store, once the stores load). */
  storeId: string;
  onStore: (id: string) => void;
}) {
  const stores = useQuery(contactLocationsQueryOptions);
  const ids = (stores.data?.locations ?? []).map((s) => String(s.location_id));
  const { storeId, onStore } = props;
  const first = ids[0];
  const known = ids.includes(storeId);
  useEffect(() => {
    if (first !== undefined && !known) onStore(first);
  }, [first, known, onStore]);
  const places = useQuery({ ...localizationQueryOptions, enabled: props.method === 'shipping' });
  const zones = (places.data?.zones ?? []).filter((z) => String(z.country_id) === props.countryId);
  return (
    <fieldset className={styles.fieldset}>
      <legend>Pickup or Shipping</legend>
      <div className={styles.choices} role="radiogroup" aria-label="How do you want your order?">
        <label className={styles.choice}>
          <input type="radio" value="pickup" {...props.field('fulfilment.method')} />
          Pick up in store (free)
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            value="shipping"
            disabled={props.shippingText === null}
            {...props.field('fulfilment.method')}
          />
          {props.shippingText === null ? 'Shipping (not available)' : `Ship to me (${props.shippingText})`}
        </label>
      </div>
      {props.method === 'pickup' && !stores.data ? (
        // The select appears with its options, so it starts on the chosen store (not the browser's first).
        <p role="status">
          {stores.isError ? 'The stores could not be loaded. Check your connection.' : 'Loading stores...'}
        </p>
      ) : props.method === 'pickup' ? (
        <SelectField label="Pickup Store" {...props.field('fulfilment.location_id')} required>
          {(stores.data?.locations ?? []).map((s) => (
            <option key={s.location_id} value={s.location_id}>
              {s.location_name} — {s.address}
            </option>
          ))}
        </SelectField>
      ) : (
        <>
          <div className={styles.row}>
            <TextField
              label="First Name"
              autoComplete="shipping given-name"
              {...props.field('fulfilment.address.firstname')}
              required
            />
            <TextField
              label="Last Name"
              autoComplete="shipping family-name"
              {...props.field('fulfilment.address.lastname')}
              required
            />
          </div>
          <TextField
            label="Company"
            autoComplete="shipping organization"
            {...props.field('fulfilment.address.company')}
          />
          <TextField
            label="Address 1"
            autoComplete="shipping address-line1"
            {...props.field('fulfilment.address.address_1')}
            required
          />
          <TextField
            label="Address 2"
            autoComplete="shipping address-line2"
            {...props.field('fulfilment.address.address_2')}
          />
          <div className={styles.row}>
            <TextField
              label="City"
              autoComplete="shipping address-level2"
              {...props.field('fulfilment.address.city')}
              required
            />
            <TextField
              label="Post Code"
              autoComplete="shipping postal-code"
              {...props.field('fulfilment.address.postcode')}
              required
            />
          </div>
          <SelectField label="Country" {...props.field('fulfilment.address.country_id')} required>
            {(places.data?.countries ?? [{ country_id: 223, name: 'United States' }]).map((c) => (
              <option key={c.country_id} value={c.country_id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Region / State" {...props.field('fulfilment.address.zone_id')} required>
            <option value="">--- Please Select ---</option>
            {zones.map((z) => (
              <option key={z.zone_id} value={z.zone_id}>
                {z.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </fieldset>
  );
}
