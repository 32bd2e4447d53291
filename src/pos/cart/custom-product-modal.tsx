import { useState } from 'react';
import { customProductFormSchema, TAX_CLASS_HINT, type CustomProductForm } from '../../domain/forms/custom-product';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';

export interface TaxClass {
  tax_class_id: number;
  title: string;
}

type Errors = Partial<Record<'name' | 'price' | 'quantity', string>>;
const empty = { name: '', price: '', quantity: '1', tax_class_id: '' };

/** "Add a Custom Product": name, price, quantity, tax class (blank = no tax), the spec's messages. */
export function CustomProductModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  taxClasses: readonly TaxClass[];
  onSave: (v: CustomProductForm) => Promise<boolean>;
}) {
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = customProductFormSchema.safeParse(v);
    if (!parsed.success) {
      const e: Errors = {};
      for (const i of parsed.error.issues) e[i.path[0] as keyof Errors] ??= i.message;
      setErrors(e);
      return;
    }
    setErrors({});
    setBusy(true);
    const ok = await props.onSave(parsed.data);
    setBusy(false);
    if (ok) {
      setV(empty);
      props.onOpenChange(false);
    }
  };
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Add a Custom Product"
      footer={
        <>
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            Add Product
          </Button>
        </>
      }
    >
      <TextField label="Name" value={v.name} error={errors.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
      <TextField label="Price" inputMode="decimal" value={v.price} error={errors.price} onChange={(e) => setV({ ...v, price: e.target.value })} />
      <TextField label="Quantity" inputMode="numeric" value={v.quantity} error={errors.quantity} onChange={(e) => setV({ ...v, quantity: e.target.value })} />
      <SelectField label="Tax class" hint={TAX_CLASS_HINT} value={v.tax_class_id} onChange={(e) => setV({ ...v, tax_class_id: e.target.value })}>
        <option value="">No tax</option>
        {props.taxClasses.map((t) => (
          <option key={t.tax_class_id} value={t.tax_class_id}>
            {t.title}
          </option>
        ))}
      </SelectField>
    </Modal>
  );
}
