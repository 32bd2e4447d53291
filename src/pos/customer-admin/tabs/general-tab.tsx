/**
 * The General tab of the customer admin screen, also /pos/customer/add (pos-back-office.md §2
 * "Customer form / admin screen", §5 "Customer form"): a side list "General" plus "Address 1..n"
 * with Add Address and a remove control per address, the section's fields beside it, and the form
 * actions New Transaction, Add History, Assign Customer to Cart and Save. Save runs customer.create
 * or customer.update on the device (offline too; the server checks the same rules when the change
 * syncs) and toasts §8 "Customer successfully saved!" or the refusal's text; a new customer's
 * screen becomes its edit screen. docs/decisions/pos.md "Customer form".
 */
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, type FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { uuidv7 } from '../../../db/ids';
import { useRunMutation } from '../../../device/use-run-mutation';
import type { MutationArgs } from '../../../domain/mutations/catalogue';
import { customerEditBase } from '../../../domain/mutations/customer-merge';
import type { Customer } from '../../../domain/mutations/records';
import { useAssignToCart } from '../../../features/pos-customer/use-assign-to-cart';
import { useNewTransaction } from '../../../features/pos-customer/use-new-transaction';
import { Button } from '../../../ui/button';
import { ErrorState } from '../../../ui/empty-state';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast/toast-context';
import { AddressEditor } from '../general/address-editor';
import { CustomerFields } from '../general/customer-fields';
import { addressValues, mutationFields, type GeneralValues } from '../general/form-values';
import { useGeneralForm } from '../general/general-form';
import { useGeneralSetup, type GeneralSetup } from '../general/use-general-setup';
import styles from '../general/general.module.css';

export const CUSTOMER_SAVED = 'Customer successfully saved!';
const US = 223;

/** The section an invalid submit should show: General, or the first address with a message. */
function firstInvalid(errors: FieldErrors<GeneralValues>): number | null {
  const bad = Object.keys(errors).filter((k) => k !== 'addresses');
  if (bad.length > 0) return null;
  const list = errors.addresses;
  if (!Array.isArray(list)) return null;
  const i = list.findIndex((e) => e !== undefined && e !== null);
  return i >= 0 ? i : null;
}

function GeneralForm({ customer, setup }: { customer: Customer | null; setup: GeneralSetup }) {
  const form = useGeneralForm(customer, setup);
  const addresses = useFieldArray({ control: form.control, name: 'addresses', keyName: 'key' });
  const [section, setSection] = useState<number | null>(null);
  const run = useRunMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const assign = useAssignToCart();
  const newTransaction = useNewTransaction();
  const [busy, setBusy] = useState(false);
  // The record as this form began editing it: customer.update's `base`, so an edit made on another
  // tablet meanwhile is merged by field, not overwritten (docs/decisions/sync.md "Customer edits
  // merge by field"). After a save, the next version of the record on the device is the new base.
  const base = useRef(customer);
  const rebase = useRef(false);
  useEffect(() => {
    if (rebase.current && customer) {
      base.current = customer;
      rebase.current = false;
    }
  }, [customer]);

  const save = form.handleSubmit(
    async (data) => {
      const fields = mutationFields(data);
      if (customer) {
        const edited = base.current
          ? { base: customerEditBase({ ...base.current }) as MutationArgs<'customer.update'>['base'] }
          : {};
        if (await run('customer.update', { customer_ref: customer.id, ...fields, ...edited })) {
          rebase.current = true;
          toast.success(CUSTOMER_SAVED);
          form.setValue('password', '');
        }
        return;
      }
      const id = uuidv7();
      if (!(await run('customer.create', { id, ...fields }))) return;
      toast.success(CUSTOMER_SAVED);
      void navigate(`/pos/customer/edit?customer_id=${id}`, { replace: true });
    },
    (errors) => setSection(firstInvalid(errors)),
  );
  const act = (fn: () => Promise<unknown>) => () => {
    setBusy(true);
    void fn().finally(() => setBusy(false));
  };
  const addAddress = () => {
    const next = addressValues(
      { country_id: setup.countries.some((c) => c.country_id === US) ? US : 0 },
      setup.customFields,
    );
    addresses.append({ ...next, default: addresses.fields.length === 0 });
    setSection(addresses.fields.length);
  };
  const removeAddress = (i: number) => {
    addresses.remove(i);
    setSection(null);
  };
  const makeDefault = (i: number) =>
    addresses.fields.forEach((_, j) => form.setValue(`addresses.${j}.default`, j === i, { shouldDirty: true }));
  const shown = section !== null && section < addresses.fields.length ? section : null;

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void save(e)}
      aria-label={customer ? 'Edit customer' : 'Add customer'}
    >
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={!customer || busy}
          onClick={customer ? act(() => newTransaction(customer.id)) : undefined}
        >
          New Transaction
        </Button>
        <Button
          variant="secondary"
          disabled={!customer}
          onClick={() => {
            const next = new URLSearchParams(params);
            next.set('tab', 'history');
            setParams(next, { replace: true });
          }}
        >
          Add History
        </Button>
        <Button
          variant="secondary"
          disabled={!customer || busy}
          onClick={customer ? act(() => assign(customer.id)) : undefined}
        >
          Assign Customer to Cart
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save
        </Button>
        {!customer && (
          <p className={styles.note}>Save the customer to start a sale, add history or assign it to the cart.</p>
        )}
      </div>
      <div className={styles.body}>
        <nav className={styles.side} aria-label="Customer sections">
          <ul className={styles.sideList}>
            <li>
              <button
                type="button"
                className={styles.sideItem}
                aria-current={shown === null ? 'true' : undefined}
                onClick={() => setSection(null)}
              >
                General
              </button>
            </li>
            {addresses.fields.map((a, i) => (
              <li key={a.key}>
                <button
                  type="button"
                  className={styles.sideItem}
                  aria-current={shown === i ? 'true' : undefined}
                  onClick={() => setSection(i)}
                >
                  Address {i + 1}
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Remove Address ${i + 1}`}
                  onClick={() => removeAddress(i)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" block onClick={addAddress}>
            Add Address
          </Button>
        </nav>
        <div className={styles.pane}>
          {shown === null ? (
            <CustomerFields form={form} setup={setup} isNew={!customer} />
          ) : (
            <AddressEditor
              key={addresses.fields[shown]?.key}
              index={shown}
              form={form}
              setup={setup}
              onDefault={makeDefault}
            />
          )}
        </div>
      </div>
    </form>
  );
}

export function GeneralTab({ customer }: { customer: Customer | null }) {
  const setup = useGeneralSetup();
  if (setup.loading) return <Spinner label="Loading…" />;
  if (setup.error || !setup.data) return <ErrorState message="Something went wrong!" />;
  // A new form when the screen moves to another customer (the add screen becoming the edit screen).
  return <GeneralForm key={customer?.id ?? 'new'} customer={customer} setup={setup.data} />;
}
