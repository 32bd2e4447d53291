/**
 * Add Credit (pos-back-office.md §5 "Add Credits"; used by checkout's Store Credit panel and the customer admin's Credits tab; §8 "Credit add: success or error in an alert"):
 * description and amount, queued as the domain's `credit.add` through the sync worker, so it works
 * offline and the customer's store credit rises on this device at once; the server applies it once
 * and re-checks every rule. docs/decisions/payments.md "Store credit: Add Credit".
 */
import { useState } from 'react';
import { CREDIT_ADDED, creditFormSchema } from '../../domain/forms/credit';
import { uuidv7 } from '../../db/ids';
import type { RunMutation } from '../../device/use-run-mutation';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import styles from './add-credit-modal.module.css';

type Alert = { kind: 'success' | 'error'; text: string } | null;

export function AddCreditModal(props: { customerRef: string; run: RunMutation; onClose: () => void }) {
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ description?: string; amount?: string }>({});
  const [alert, setAlert] = useState<Alert>(null);
  const [busy, setBusy] = useState(false);
  const done = alert?.kind === 'success';

  const submit = async () => {
    const form = creditFormSchema.safeParse({ description, amount });
    if (!form.success) {
      const e: { description?: string; amount?: string } = {};
      for (const issue of form.error.issues) {
        const key = issue.path[0];
        if ((key === 'description' || key === 'amount') && !e[key]) e[key] = issue.message;
      }
      setErrors(e);
      return;
    }
    setErrors({});
    setBusy(true);
    let refused = '';
    const ok = await props.run(
      'credit.add',
      { id: uuidv7(), customer_ref: props.customerRef, description: form.data.description, amount: form.data.amount },
      { onRefused: (m) => (refused = m) },
    );
    setBusy(false);
    setAlert(ok ? { kind: 'success', text: CREDIT_ADDED } : { kind: 'error', text: refused });
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && props.onClose()}
      title="Add Credit"
      footer={
        done ? (
          <Button onClick={props.onClose}>OK</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={busy}>
              {busy ? 'Adding...' : 'Add Credit'}
            </Button>
          </>
        )
      }
    >
      {alert && (
        <p role="alert" className={alert.kind === 'success' ? styles.alertSuccess : styles.alertError}>
          {alert.text}
        </p>
      )}
      {!done && (
        <>
          <TextField
            label="Description"
            value={description}
            maxLength={255}
            error={errors.description}
            onChange={(e) => (setDescription(e.target.value), setErrors((x) => ({ ...x, description: undefined })))}
          />
          <TextField
            label="Amount"
            inputMode="decimal"
            value={amount}
            error={errors.amount}
            onChange={(e) => (setAmount(e.target.value), setErrors((x) => ({ ...x, amount: undefined })))}
          />
        </>
      )}
    </Modal>
  );
}
