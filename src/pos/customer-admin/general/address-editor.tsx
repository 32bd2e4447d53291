/**
 * The admin address editor (pos-back-office.md §5): first name, last name, address 1, city,
 * postcode, country and region required (the schema's messages under each), company and address 2
 * optional, the region list filtered by the chosen country, the address's custom fields, and
 * whether it is the default address.
 */
import { fieldsAt } from '../../../domain/forms/custom-fields';
import { CustomFieldInputs } from '../../../features/pos-customer/custom-field-inputs';
import { SelectField, TextField } from '../../../ui/field';
import type { GeneralForm } from './general-form';
import type { GeneralSetup } from './use-general-setup';
import styles from './general.module.css';

type TextKey = 'firstname' | 'lastname' | 'company' | 'address_1' | 'address_2' | 'city' | 'postcode';

export function AddressEditor({
  index,
  form,
  setup,
  onDefault,
}: {
  index: number;
  form: GeneralForm;
  setup: GeneralSetup;
  onDefault: (index: number) => void;
}) {
  const at = `addresses.${index}` as const;
  const text = (k: TextKey, label: string, required: boolean, autoComplete?: string) => (
    <TextField label={label} required={required} autoComplete={autoComplete ?? 'off'} {...form.field(`${at}.${k}`)} />
  );
  const country = form.watch(`${at}.country_id`);
  const zones = setup.zones.filter((z) => String(z.country_id) === country);
  const defs = fieldsAt(setup.customFields, 'address');
  const isDefault = form.watch(`${at}.default`);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Address {index + 1}</legend>
      <div className={styles.grid}>
        {text('firstname', 'First Name', true)}
        {text('lastname', 'Last Name', true)}
        {text('company', 'Company', false)}
        {text('address_1', 'Address 1', true)}
        {text('address_2', 'Address 2', false)}
        {text('city', 'City', true)}
        {text('postcode', 'Post Code', true)}
        <SelectField
          label="Country"
          required
          {...form.field(`${at}.country_id`, { onChange: () => form.setValue(`${at}.zone_id`, '') })}
        >
          <option value="">Select a country</option>
          {setup.countries.map((c) => (
            <option key={c.country_id} value={c.country_id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Region / State" required {...form.field(`${at}.zone_id`)}>
          <option value="">{country ? 'Select a region' : 'Select a country first'}</option>
          {zones.map((z) => (
            <option key={z.zone_id} value={z.zone_id}>
              {z.name}
            </option>
          ))}
        </SelectField>
      </div>
      <label className={styles.toggle}>
        <input type="checkbox" checked={isDefault} onChange={(e) => e.target.checked && onDefault(index)} />
        Default address
      </label>
      <CustomFieldInputs defs={defs} prefix={`${at}.custom_field`} bind={form.customBinding} />
    </fieldset>
  );
}
