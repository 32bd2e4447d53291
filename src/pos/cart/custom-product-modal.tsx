import { customProductFormSchema, TAX_CLASS_HINT, type CustomProductForm } from '../../domain/forms/custom-product';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useZodForm } from '../../ui/use-zod-form';

export interface TaxClass {
  tax_class_id: number;
  title: string;
}

const empty = { name: '', price: '', quantity: '1', tax_class_id: '' };

/** "Add a Custom Product": name, price, quantity, tax class (blank = no tax), the spec's messages. */
export function CustomProductModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  taxClasses: readonly TaxClass[];
  onSave: (v: CustomProductForm) => Promise<boolean>;
}) {
  const form = useZodForm(customProductFormSchema, empty);
  const submit = form.handleSubmit(async (data) => {
    if (await props.onSave(data)) {
      form.reset(empty);
      props.onOpenChange(false);
    }
  });
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Add a Custom Product"
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void submit()}
          saveLabel="Add Product"
          disabled={form.formState.isSubmitting}
        />
      }
    >
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Price" inputMode="decimal" {...form.field('price')} />
      <TextField label="Quantity" inputMode="numeric" {...form.field('quantity')} />
      <SelectField label="Tax class" hint={TAX_CLASS_HINT} {...form.register('tax_class_id')}>
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
