import { useEffect, useState } from 'react';
import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { customerFormSchema } from '../../domain/forms/customer';
import { lookupRows, searchCustomers, storeSettings, type CustomerHit } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import styles from './customer-modals.module.css';

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
      <TextField label="Customer" type="search" placeholder="Search by name, email, or phone number" value={text} onChange={(e) => setText(e.target.value)} />
      {hits && hits.length === 0 && <p className={styles.muted}>No results!</p>}
      {hits && hits.length > 0 && (
        <ul className={styles.hits} aria-label="Customers found">
          {hits.map((c) => (
            <li key={c.id} className={styles.hit}>
              <span className={styles.hitText}>
                <strong>
                  {c.firstname} {c.lastname}
                </strong>{' '}
                <span className={styles.muted}>{[c.email, c.telephone].filter(Boolean).join(' · ')}</span>
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
type AddressField = 'firstname' | 'lastname' | 'company' | 'address_1' | 'address_2' | 'city' | 'postcode' | 'country_id' | 'zone_id';
const blank: Record<Field, string> = { firstname: '', lastname: '', email: '', telephone: '' };
const blankAddress: Record<AddressField, string> = { firstname: '', lastname: '', company: '', address_1: '', address_2: '', city: '', postcode: '', country_id: '', zone_id: '' };

interface Country {
  country_id: number;
  name: string;
}
interface Zone {
  zone_id: number;
  country_id: number;
  name: string;
}

/** The shop's customer_form settings as this device pulled them, and the address lists when an address is required. */
function useCustomerFormSetup() {
  const setup = useLiveQuery(async () => {
    const db = deviceDb();
    const s = await storeSettings(db);
    const lists = s.requireAddress ? { countries: await lookupRows<Country>(db, 'countries'), zones: await lookupRows<Zone>(db, 'zones') } : { countries: [], zones: [] };
    return { requireEmail: s.requireEmail, requireTelephone: s.requireTelephone, requireAddress: s.requireAddress, ...lists };
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
  const [v, setV] = useState(blank);
  const [a, setA] = useState(blankAddress);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!setup) return;
    const schema = customerFormSchema({ requireEmail: setup.requireEmail, requireTelephone: setup.requireTelephone, requireAddress: setup.requireAddress, hasCustomerId: false });
    const input = setup.requireAddress
      ? { ...v, addresses: [{ ...a, country_id: a.country_id || '0', zone_id: a.zone_id || '0', default: true }] }
      : v;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const e: Partial<Record<Field, string>> = {};
      const ae: Partial<Record<AddressField, string>> = {};
      for (const i of parsed.error.issues) {
        if (i.path[0] === 'addresses') ae[i.path[2] as AddressField] ??= i.message;
        else e[i.path[0] as Field] ??= i.message;
      }
      setErrors(e);
      setAddressErrors(ae);
      return;
    }
    setErrors({});
    setAddressErrors({});
    setBusy(true);
    const ok = await props.onSave(parsed.data);
    setBusy(false);
    if (ok) {
      setV(blank);
      setA(blankAddress);
      props.onOpenChange(false);
    }
  };
  const field = (k: Field, label: string, required: boolean, type = 'text') => (
    <TextField label={label} type={type} required={required} value={v[k]} error={errors[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
  );
  const addressField = (k: AddressField, label: string, required: boolean) => (
    <TextField label={label} required={required} value={a[k]} error={addressErrors[k]} onChange={(e) => setA({ ...a, [k]: e.target.value })} />
  );
  const zones = setup?.zones.filter((z) => String(z.country_id) === a.country_id) ?? [];
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="New Customer"
      fullScreen
      footer={
        <>
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={busy || !setup}>
            Save
          </Button>
        </>
      }
    >
      {field('firstname', 'First Name', true)}
      {field('lastname', 'Last Name', true)}
      {field('email', 'E-Mail', setup?.requireEmail ?? false, 'email')}
      {field('telephone', 'Telephone', setup?.requireTelephone ?? false, 'tel')}
      {setup?.requireAddress && (
        <fieldset className={styles.address}>
          <legend>Address</legend>
          {addressField('firstname', 'Address First Name', true)}
          {addressField('lastname', 'Address Last Name', true)}
          {addressField('company', 'Company', false)}
          {addressField('address_1', 'Address 1', true)}
          {addressField('address_2', 'Address 2', false)}
          {addressField('city', 'City', true)}
          {addressField('postcode', 'Post Code', true)}
          <SelectField label="Country" required value={a.country_id} error={addressErrors.country_id} onChange={(e) => setA({ ...a, country_id: e.target.value, zone_id: '' })}>
            <option value="">Select a country</option>
            {setup.countries.map((c) => (
              <option key={c.country_id} value={c.country_id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Region / State" required value={a.zone_id} error={addressErrors.zone_id} onChange={(e) => setA({ ...a, zone_id: e.target.value })}>
            <option value="">Select a region</option>
            {zones.map((z) => (
              <option key={z.zone_id} value={z.zone_id}>
                {z.name}
              </option>
            ))}
          </SelectField>
        </fieldset>
      )}
    </Modal>
  );
}
