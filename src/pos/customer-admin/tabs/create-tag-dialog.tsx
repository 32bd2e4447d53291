/**
 * Create a tag (where the Tags tab's createTagUrl leads: the tab with `create_tag=1`): a title,
 * unique whatever its case, at most 64 characters. Online only, like the tab.
 */
import { useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { createCustomerTag } from '../../../api/customer-tag';
import { tagTitleSchema, type Tag } from '../../../contracts/customer-tag';
import { FormModal } from '../../../ui/action-modal';
import { TextField } from '../../../ui/field';

export function CreateTagDialog(props: { onClose: () => void; onCreated: (tag: Tag, message: string) => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = tagTitleSchema.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      const r = await createCustomerTag(parsed.data);
      props.onCreated(r.tag, r.success);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.title?.[0] ?? err.message) : 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      onClose={props.onClose}
      title="Create a tag"
      focusFirstField
      saveLabel={busy ? 'Saving…' : 'Save'}
      disabled={busy}
      formId="create-tag-form"
      onSubmit={() => void submit()}
    >
      <TextField
        label="Tag title"
        value={title}
        maxLength={64}
        error={error}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(undefined);
        }}
      />
    </FormModal>
  );
}
