import { useEffect, useState } from 'react';
import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { customerFormSchema } from '../../domain/forms/customer';
import { lookupRows, searchCustomers, storeSettings, type CustomerHit } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import { CustomerSearchField } from './customer-search-field';
import styles from './customer-modals.module.css';
import type { FieldPath } from 'react-hook-form';
import { fieldsAt, type CustomFieldValues } from '../../domain/forms/custom-fields';
import { CustomFieldInputs, type CustomFieldBinding } from './custom-field-inputs';
import { AddressFields, type AddressKey, type Country, type Zone } from './address-fields';
import { formatPhone } from '../../domain/phone';

export const SEARCH_FAILED = 'Something went wrong!';

/** "Search for a Customer": name, email or phone over the device's customers (works offline). */
export function CustomerSearchModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSelect: (c: CustomerHit) => Promise<boolean>;
  onNewCustomer: () => void;
}) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<CustomerHit[] | null>(null);
  useEffect(() => {
    if (text.trim() === '') {
      setHits(null);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      searchCustomers(deviceDb(), text)
        .then((h) => live && setHits(h))
        .catch(() => live && toast.error(SEARCH_FAILED));
    }, CUSTOMER_SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, toast]);

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Search for a Customer"
      focusFirstField
      footer={
        <Button variant="secondary" onClick={props.onNewCustomer}>
          New Customer
        </Button>
      }
    >
      <CustomerSearchField label="Customer" value={text} onChange={setText} />
      {hits && hits.length === 0 && <p className={styles.muted}>No results!</p>}
      {hits && hits.length > 0 && (
        <ul className={styles.hits} aria-label="Customers found">
          {hits.map((c) => (
            <li key={c.id} className={styles.hit}>
              <span className={styles.hitText}>
                <strong>
                  {c.firstname} {c.lastname}
                </strong>{' '}
                <span className={styles.muted}>{[c.email, formatPhone(c.telephone)].filter(Boolean).join(' · ')}</span>
              </span>
              <Button
                onClick={() =>
                  void props.onSelect(c).then((ok) => {
                    if (ok) {
                      setText('');
                      props.onOpenChange(false);
                    }
                  })
                }
                aria-label={`Select Customer ${c.firstname} ${c.lastname}`}
              >
                Select Customer
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

type Field = 'firstname' | 'lastname' | 'email' | 'telephone';
const blankAddress: Record<AddressKey, string> = {
  firstname: '',
  lastname: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  postcode: '',
  country_id: '',
  zone_id: '',
};
const blank = {
  firstname: '',
  lastname: '',
  email: '',
  telephone: '',
  addresses: [{ ...blankAddress, custom_field: {} as CustomFieldValues }],
  account_custom_field: {} as CustomFieldValues,
};

/** The shop's customer_form settings as this device pulled them, and the address lists when an address is required. */
function useCustomerFormSetup() {
  const setup = useLiveQuery(async () => {
    const db = deviceDb();
    const s = await storeSettings(db);
    const lists = s.requireAddress
      ? { countries: await lookupRows<Country>(db, 'countries'), zones: await lookupRows<Zone>(db, 'zones') }
      : { countries: [], zones: [] };
    return {
      requireEmail: s.requireEmail,
      requireTelephone: s.requireTelephone,
      requireAddress: s.requireAddress,
      customFields: s.customFields ?? [],
      ...lists,
    };
  }, []);
  return setup.data ?? null;
}

/**
 * New Customer, full screen with Cancel and Save: the customer form's rules and messages with the
 * shop's customer_form settings (require_email, require_telephone, require_address, pulled to the
 * device), so a customer made offline passes the same check on the server. With require_address
 * the form takes one address (the spec's required address fields); without it, none.
 */
export function NewCustomerModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSave: (v: ReturnType<ReturnType<typeof customerFormSchema>['parse']>) => Promise<boolean>;
}) {
  const setup = useCustomerFormSetup();
  const requireAddress = setup?.requireAddress ?? false;
  const schema = customerFormSchema({
    requireEmail: setup?.requireEmail ?? false,
    requireTelephone: setup?.requireTelephone ?? false,
    requireAddress,
    hasCustomerId: false,
    customFields: setup?.customFields ?? [],
  });
  const form = useZodForm(schema, blank, {
    // One address with the spec's required fields when the shop asks for it; none otherwise.
    toInput: ({ addresses, ...v }) =>
      requireAddress
        ? {
            ...v,
            addresses: addresses.map((a) => ({
              ...a,
              country_id: a.country_id || '0',
              zone_id: a.zone_id || '0',
              default: true,
            })),
          }
        : v,
  });
  const save = form.handleSubmit(async (data) => {
    if (await props.onSave(data)) {
      form.reset(blank);
      props.onOpenChange(false);
    }
  });
  const field = (k: Field, label: string, required: boolean, type = 'text') => (
    <TextField label={label} type={type} required={required} {...form.field(k)} />
  );
  const countryId = form.watch('addresses.0.country_id');
  const path = (name: string) => name as FieldPath<typeof blank>;
  const bind: CustomFieldBinding = {
    register: (name) => form.register(path(name)),
    value: (name) => form.watch(path(name)),
    set: (name, v) => form.setValue(path(name), v),
    error: (name) => form.error(path(name)),
  };
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="New Customer"
      fullScreen
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void save()}
          saveLabel="Save"
          disabled={form.formState.isSubmitting || !setup}
        />
      }
    >
      {field('firstname', 'First Name', true)}
      {field('lastname', 'Last Name', true)}
      {field('email', 'E-Mail', setup?.requireEmail ?? false, 'email')}
      {field('telephone', 'Telephone', setup?.requireTelephone ?? false, 'tel')}
      <CustomFieldInputs defs={fieldsAt(setup?.customFields, 'account')} prefix="account_custom_field" bind={bind} />
      {setup?.requireAddress && (
        <fieldset className={styles.address}>
          <legend>Address</legend>
          <AddressFields
            field={(k, options) => form.field(`addresses.0.${k}`, options)}
            countries={setup.countries}
            zones={setup.zones}
            country={countryId}
            onCountryChange={() => form.setValue('addresses.0.zone_id', '')}
            nameLabelPrefix="Address "
          />
          <CustomFieldInputs
            defs={fieldsAt(setup.customFields, 'address')}
            prefix="addresses.0.custom_field"
            bind={bind}
          />
        </fieldset>
      )}
    </Modal>
  );
}
