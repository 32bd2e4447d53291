import { useState } from 'react';
import { PO_NUMBER_ADDED, PO_NUMBER_FAILED, poNumberFormSchema } from '../../domain/forms/po-number';
import type { Order } from '../../domain/mutations/records';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import type { RunMutation } from '../../device/use-run-mutation';
import styles from './po-number-modal.module.css';

/** PO number for chosen products, or all of them ("PO Number added successfully."); the cart and the checkout open it. */
export function PoNumberModal({ order, open, onOpenChange, run }: { order: Order; open: boolean; onOpenChange: (o: boolean) => void; run: RunMutation }) {
  const toast = useToast();
  const products = order.lines.filter((l) => l.kind === 'product' || l.kind === 'custom');
  const [po, setPo] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const parsed = poNumberFormSchema.safeParse({ po_number: po, apply_to_all: all });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    const ok = await run('poNumber.apply', { order_ref: order.id, po_number: parsed.data.po_number, apply_to_all: all, line_ids: all ? [] : chosen }, { failure: PO_NUMBER_FAILED });
    if (ok) {
      toast.success(PO_NUMBER_ADDED);
      setPo('');
      onOpenChange(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="PO Number"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()}>Apply PO Number</Button>
        </>
      }
    >
      <TextField label="PO Number" value={po} error={error} onChange={(e) => setPo(e.target.value)} />
      <label className={styles.check}>
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Apply to all products
      </label>
      {!all && (
        <fieldset className={styles.fieldset}>
          <legend>Products</legend>
          {products.map((l) => (
            <label key={l.id} className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.includes(l.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, l.id] : chosen.filter((c) => c !== l.id))}
              />{' '}
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
