/**
 * The admin address editor (pos-back-office.md §5): first name, last name, address 1, city,
 * postcode, country and region required (the schema's messages under each), company and address 2
 * optional, the region list filtered by the chosen country, the address's custom fields, and
 * whether it is the default address.
 */
import { fieldsAt } from '../../../domain/forms/custom-fields';
import { CustomFieldInputs } from '../../../features/pos-customer/custom-field-inputs';
import { AddressFields } from '../../../features/pos-customer/address-fields';
import type { GeneralForm } from './general-form';
import type { GeneralSetup } from './use-general-setup';
import styles from './general.module.css';

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
  const country = form.watch(`${at}.country_id`);
  const defs = fieldsAt(setup.customFields, 'address');
  const isDefault = form.watch(`${at}.default`);
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Address {index + 1}</legend>
      <div className={styles.grid}>
        <AddressFields
          field={(k, options) => form.field(`${at}.${k}`, options)}
          countries={setup.countries}
          zones={setup.zones}
          country={country}
          onCountryChange={() => form.setValue(`${at}.zone_id`, '')}
          autoComplete="off"
          regionPrompt={country ? 'Select a region' : 'Select a country first'}
        />
      </div>
      <label className={styles.toggle}>
        <input type="checkbox" checked={isDefault} onChange={(e) => e.target.checked && onDefault(index)} />
        Default address
      </label>
      <CustomFieldInputs defs={defs} prefix={`${at}.custom_field`} bind={form.customBinding} />
    </fieldset>
  );
}
