import { useEffect, useState } from 'react';
import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { customerFormSchema } from '../../domain/forms/customer';
import { defaultStoreSettings } from '../../domain/settings';
import { searchCustomers, type CustomerHit } from '../../db/queries';
import { deviceDb } from '../sync/device-db';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
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
      footer={
        <Button variant="secondary" onClick={props.onNewCustomer}>
          New Customer
        </Button>
      }
    >
      <TextField label="Customer" type="search" placeholder="Search by name, email, or phone number" value={text} autoFocus onChange={(e) => setText(e.target.value)} />
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
const blank: Record<Field, string> = { firstname: '', lastname: '', email: '', telephone: '' };

/** New Customer, full screen with Cancel and Save (the customer form's rules and messages). */
export function NewCustomerModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSave: (v: ReturnType<ReturnType<typeof customerFormSchema>['parse']>) => Promise<boolean>;
}) {
  const s = defaultStoreSettings;
  const schema = customerFormSchema({ requireEmail: s.requireEmail, requireTelephone: s.requireTelephone, requireAddress: false, hasCustomerId: false });
  const [v, setV] = useState(blank);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = schema.safeParse(v);
    if (!parsed.success) {
      const e: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) e[i.path[0] as Field] ??= i.message;
      setErrors(e);
      return;
    }
    setErrors({});
    setBusy(true);
    const ok = await props.onSave(parsed.data);
    setBusy(false);
    if (ok) {
      setV(blank);
      props.onOpenChange(false);
    }
  };
  const field = (k: Field, label: string, type = 'text') => (
    <TextField label={label} type={type} value={v[k]} error={errors[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} />
  );
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
          <Button onClick={() => void save()} disabled={busy}>
            Save
          </Button>
        </>
      }
    >
      {field('firstname', 'First Name')}
      {field('lastname', 'Last Name')}
      {field('email', 'E-Mail', 'email')}
      {field('telephone', 'Telephone', 'tel')}
    </Modal>
  );
}
