/**
 * One address's fields as the customer forms show them (pos-back-office.md §5): first name, last
 * name, address 1, city, postcode, country and region required, company and address 2 optional,
 * the region list filtered by the chosen country. A new country clears the region.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../ui/field';

export type AddressTextKey = 'firstname' | 'lastname' | 'company' | 'address_1' | 'address_2' | 'city' | 'postcode';
export type AddressKey = AddressTextKey | 'country_id' | 'zone_id';

export interface Country {
  country_id: number;
  name: string;
}
export interface Zone {
  zone_id: number;
  country_id: number;
  name: string;
}

const TEXT_FIELDS: readonly { key: AddressTextKey; label: string; required: boolean }[] = [
  { key: 'firstname', label: 'First Name', required: true },
  { key: 'lastname', label: 'Last Name', required: true },
  { key: 'company', label: 'Company', required: false },
  { key: 'address_1', label: 'Address 1', required: true },
  { key: 'address_2', label: 'Address 2', required: false },
  { key: 'city', label: 'City', required: true },
  { key: 'postcode', label: 'Post Code', required: true },
];

export function AddressFields({
  field,
  countries,
  zones,
  country,
  onCountryChange,
  nameLabelPrefix = '',
  autoComplete,
  regionPrompt = 'Select a region',
}: {
  /** `form.field` of this address's key: register plus its error. */
  field: (key: AddressKey, options?: { onChange: () => void }) => UseFormRegisterReturn & { error: string | undefined };
  countries: readonly Country[];
  /** Every zone; the chosen country's are listed. */
  zones: readonly Zone[];
  /** The chosen country_id as the form holds it ('' before a choice). */
  country: string;
  /** Called when the country changes; the form clears the region there. */
  onCountryChange: () => void;
  /** Put before "First Name" and "Last Name" (the New Customer modal says "Address First Name"). */
  nameLabelPrefix?: string;
  autoComplete?: string;
  /** The region list's empty choice. */
  regionPrompt?: string;
}) {
  const named = (k: AddressTextKey) => k === 'firstname' || k === 'lastname';
  return (
    <>
      {TEXT_FIELDS.map(({ key, label, required }) => (
        <TextField
          key={key}
          label={named(key) ? `${nameLabelPrefix}${label}` : label}
          required={required}
          {...(autoComplete === undefined ? {} : { autoComplete })}
          {...field(key)}
        />
      ))}
      <SelectField label="Country" required {...field('country_id', { onChange: onCountryChange })}>
        <option value="">Select a country</option>
        {countries.map((c) => (
          <option key={c.country_id} value={c.country_id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Region / State" required {...field('zone_id')}>
        <option value="">{regionPrompt}</option>
        {zones
          .filter((z) => String(z.country_id) === country)
          .map((z) => (
            <option key={z.zone_id} value={z.zone_id}>
              {z.name}
            </option>
          ))}
      </SelectField>
    </>
  );
}
