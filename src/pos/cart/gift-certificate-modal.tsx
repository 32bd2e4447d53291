/**
 * "Gift Certificate" in the POS cart (docs/decisions/pos.md "Gift certificates at the counter"):
 * amount, code (generated, or typed over), recipient name and email, optional message; added as
 * a cart line (cart.addVoucher through the outbox, offline too). The certificate is issued when the
 * order completes; the server refuses a code already in use when the sale syncs.
 */
import { useState } from 'react';
import {
  generateGiftCode,
  giftCertificateFormSchema,
  type GiftCertificateForm,
} from '../../domain/forms/gift-certificate';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';

type Field = keyof GiftCertificateForm;

const cryptoRandom = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

export function GiftCertificateModal(props: {
  onOpenChange: (o: boolean) => void;
  onSave: (v: GiftCertificateForm) => Promise<boolean>;
}) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    amount: '',
    code: generateGiftCode(cryptoRandom),
    to_name: '',
    to_email: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async () => {
    const form = giftCertificateFormSchema.safeParse(values);
    if (!form.success) {
      const e: Partial<Record<Field, string>> = {};
      for (const issue of form.error.issues) {
        const key = issue.path[0] as Field;
        if (!e[key]) e[key] = issue.message;
      }
      setErrors(e);
      return;
    }
    setBusy(true);
    const ok = await props.onSave(form.data);
    setBusy(false);
    if (ok) props.onOpenChange(false);
  };

  return (
    <Modal
      open
      onOpenChange={props.onOpenChange}
      title="Gift Certificate"
      footer={
        <>
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            {busy ? 'Adding...' : 'Add Gift Certificate'}
          </Button>
        </>
      }
    >
      <TextField
        label="Amount"
        inputMode="decimal"
        value={values.amount}
        error={errors.amount}
        onChange={set('amount')}
      />
      <TextField
        label="Code"
        value={values.code}
        maxLength={32}
        autoCapitalize="characters"
        hint="Generated; type over it to use your own."
        error={errors.code}
        onChange={set('code')}
      />
      <TextField
        label="Recipient name"
        value={values.to_name}
        maxLength={64}
        error={errors.to_name}
        onChange={set('to_name')}
      />
      <TextField
        label="Recipient email"
        type="email"
        value={values.to_email}
        maxLength={96}
        error={errors.to_email}
        onChange={set('to_email')}
      />
      <TextField
        label="Message"
        value={values.message}
        maxLength={1000}
        error={errors.message}
        onChange={set('message')}
      />
    </Modal>
  );
}
