import { PO_NUMBER_ADDED, PO_NUMBER_FAILED, poNumberFormSchema } from '../../domain/forms/po-number';
import type { Order } from '../../domain/mutations/records';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import modalForm from '../../ui/modal-form.module.css';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import type { RunMutation } from '../../device/use-run-mutation';

/** PO number for chosen products, or all of them ("PO Number added successfully."); the cart and the checkout open it. */
export function PoNumberModal({
  order,
  open,
  onOpenChange,
  run,
}: {
  order: Order;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  run: RunMutation;
}) {
  const toast = useToast();
  const products = order.lines.filter((l) => l.kind === 'product' || l.kind === 'custom');
  const form = useZodForm(poNumberFormSchema, { po_number: '', apply_to_all: true, line_ids: [] as string[] });
  const [all, chosen] = form.watch(['apply_to_all', 'line_ids']);
  const submit = form.handleSubmit(async ({ po_number, apply_to_all }) => {
    const ok = await run(
      'poNumber.apply',
      { order_ref: order.id, po_number, apply_to_all, line_ids: apply_to_all ? [] : form.getValues('line_ids') },
      { failure: PO_NUMBER_FAILED },
    );
    if (ok) {
      toast.success(PO_NUMBER_ADDED);
      form.resetField('po_number');
      onOpenChange(false);
    }
  });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="PO Number"
      footer={
        <ModalFooter onCancel={() => onOpenChange(false)} onSave={() => void submit()} saveLabel="Apply PO Number" />
      }
    >
      <TextField label="PO Number" {...form.field('po_number')} />
      <label className={modalForm.check}>
        <input type="checkbox" {...form.register('apply_to_all')} /> Apply to all products
      </label>
      {!all && (
        <fieldset className={modalForm.fieldset}>
          <legend>Products</legend>
          {products.map((l) => (
            <label key={l.id} className={modalForm.check}>
              <input
                type="checkbox"
                checked={chosen.includes(l.id)}
                onChange={(e) =>
                  form.setValue('line_ids', e.target.checked ? [...chosen, l.id] : chosen.filter((c) => c !== l.id))
                }
              />{' '}
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
