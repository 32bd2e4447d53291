/**
 * The "General" section of the General tab (pos-back-office.md §5 "Customer form"): names, E-Mail
 * and Telephone (required only when the shop says so), Password only for an existing customer,
 * texting consent, newsletter, status, Tax Exempt with its Tax Exempt Number only when exempt,
 * Customer Group, Default Location only with at least 2 stores, and the account custom fields. The
 * Safe toggle is not shown in POS (its value is kept).
 */
import { customerFormVisibility } from '../../../domain/forms/customer';
import { fieldsAt } from '../../../domain/forms/custom-fields';
import { CustomFieldInputs } from '../../../features/pos-customer/custom-field-inputs';
import { SelectField, TextField } from '../../../ui/field';
import type { GeneralForm } from './general-form';
import type { GeneralSetup } from './use-general-setup';
import styles from './general.module.css';

type Flag = 'texting_alerts' | 'newsletter' | 'status' | 'tax_exempt';

export function CustomerFields({ form, setup, isNew }: { form: GeneralForm; setup: GeneralSetup; isNew: boolean }) {
  const show = customerFormVisibility({
    hasCustomerId: !isNew,
    taxExempt: form.watch('tax_exempt'),
    // Every shop runs the full product: the "pro edition" condition is the store count alone
    // (docs/decisions/pos.md "Customer form").
    isPro: true,
    locationCount: setup.locations.length,
    inPos: true,
  });
  const toggle = (k: Flag, label: string) => (
    <label className={styles.toggle}>
      <input type="checkbox" {...form.register(k)} />
      {label}
    </label>
  );
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>General</legend>
      <div className={styles.grid}>
        <TextField label="First Name" required autoComplete="off" {...form.field('firstname')} />
        <TextField label="Last Name" required autoComplete="off" {...form.field('lastname')} />
        <TextField
          label="E-Mail"
          type="email"
          required={setup.requireEmail}
          autoComplete="off"
          {...form.field('email')}
        />
        <TextField
          label="Telephone"
          type="tel"
          required={setup.requireTelephone}
          placeholder="(###) ###-####"
          autoComplete="off"
          {...form.field('telephone')}
        />
        {show.password && (
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="Leave blank to keep the current password."
            {...form.field('password')}
          />
        )}
        {setup.groups.length > 0 && (
          <SelectField label="Customer Group" {...form.field('customer_group_id')}>
            <option value="">Default</option>
            {setup.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </SelectField>
        )}
        {show.defaultLocation && (
          <SelectField label="Default Location" {...form.field('default_location_id')}>
            <option value="">None</option>
            {setup.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className={styles.toggles}>
        {toggle('texting_alerts', 'Consents to text messages')}
        {toggle('newsletter', 'Newsletter')}
        {toggle('status', 'Enabled')}
        {toggle('tax_exempt', 'Tax Exempt')}
      </div>
      {show.taxExemptNumber && (
        <TextField label="Tax Exempt Number" autoComplete="off" {...form.field('tax_exempt_number')} />
      )}
      <CustomFieldInputs
        defs={fieldsAt(setup.customFields, 'account')}
        prefix="account_custom_field"
        bind={form.customBinding}
      />
    </fieldset>
  );
}
