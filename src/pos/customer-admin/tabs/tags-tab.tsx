/**
 * The Tags tab (pos-back-office.md §3 "Tag", §7 "/api/customer_tag", §8 "Tags: server text as
 * toast, exceptions as error toast; none: 'No customer tags have been created yet.' with a 'Create
 * a tag' link"): the shop's tags as checkboxes, this customer's ticked, and Save. Read from the
 * device store and saved as customer.setTags through the sync worker, so it works offline; a save
 * not yet on the server says "Pending sync" (docs/decisions/pos.md "Customer tags offline").
 * createTagUrl opens this tab with the Create a tag dialog (`create_tag=1`), which needs the network.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CREATE_TAG, createTagUrl, NO_TAGS, TAGS_SAVED } from '../../../contracts/customer-tag';
import { customerTagsView } from '../../../db/customer-tags';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';
import { useOnline } from '../../../device/use-online';
import { useRunMutation } from '../../../device/use-run-mutation';
import { useSync } from '../../../device/sync-context';
import { Button, buttonClassName } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast/toast-context';
import type { CustomerTabProps } from '../tab-props';
import { CreateTagDialog } from './create-tag-dialog';
import styles from './customer-admin-tabs.module.css';

export const TAGS_PENDING = 'Pending sync';
export const CREATE_TAG_OFFLINE = 'You are offline: creating a tag needs the network.';

/** Staff's ticks: the set they want and the set shown when they began (the save merges by tag). */
interface Picked {
  wanted: ReadonlySet<number>;
  base: readonly number[];
}

export function TagsTab({ customer }: CustomerTabProps) {
  const online = useOnline();
  const toast = useToast();
  const run = useRunMutation();
  const worker = useSync();
  const [params, setParams] = useSearchParams();
  const creating = params.get('create_tag') === '1';
  const view = useLiveQuery(() => customerTagsView(deviceDb(), customer.id), [customer.id]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [saving, setSaving] = useState(false);
  const data = view.data;
  const chosen = picked?.wanted ?? new Set(data?.assigned ?? []);

  const closeCreate = () => {
    const next = new URLSearchParams(params);
    next.delete('create_tag');
    setParams(next, { replace: true });
  };
  const save = async () => {
    setSaving(true);
    try {
      const ok = await run('customer.setTags', {
        customer_ref: customer.id,
        tag_ids: [...chosen],
        ...(picked ? { base: [...picked.base] } : {}),
      });
      if (!ok) return;
      toast.success(TAGS_SAVED);
      setPicked(null);
    } finally {
      setSaving(false);
    }
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setPicked({ wanted: next, base: picked?.base ?? data?.assigned ?? [] });
  };

  const dialog =
    creating &&
    (online ? (
      <CreateTagDialog
        onClose={closeCreate}
        onCreated={(_tag, message) => {
          toast.success(message);
          closeCreate();
          // The new tag reaches this device's store with the next pull: ask for it now.
          void worker?.syncNow().catch(() => undefined);
        }}
      />
    ) : (
      <p className={styles.note} role="status">
        {CREATE_TAG_OFFLINE}
      </p>
    ));

  if (!data) {
    if (view.error) return <ErrorState message="Something went wrong!" />;
    return <Spinner label="Loading tags…" />;
  }
  // A customer made on this device has no number yet: the link opens the dialog on this screen.
  const createTo = customer.customer_id === null ? `?${withCreate(params)}` : createTagUrl(customer.customer_id);
  const createLink = (
    <Link className={buttonClassName('secondary')} to={createTo}>
      {CREATE_TAG}
    </Link>
  );
  if (data.tags.length === 0) {
    return (
      <>
        <EmptyState title={NO_TAGS}>{createLink}</EmptyState>
        {dialog}
      </>
    );
  }
  return (
    <form
      className={styles.tab}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className={styles.tags}>
        <legend className="visually-hidden">Customer tags</legend>
        {data.tags.map((t) => (
          <label key={t.tag_id} className={styles.tag}>
            <input
              type="checkbox"
              checked={chosen.has(t.tag_id)}
              onChange={(e) => toggle(t.tag_id, e.target.checked)}
            />
            {t.title}
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        {createLink}
        {data.pending && (
          <span className={styles.pending} role="status">
            {TAGS_PENDING}
          </span>
        )}
      </div>
      {dialog}
    </form>
  );
}

function withCreate(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set('tab', 'tags');
  next.set('create_tag', '1');
  return next.toString();
}
