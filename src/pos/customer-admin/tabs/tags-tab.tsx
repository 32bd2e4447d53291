/**
 * The Tags tab (pos-back-office.md §3 "Tag", §7 "/api/customer_tag", §8 "Tags: server text as
 * toast, exceptions as error toast; none: 'No customer tags have been created yet.' with a 'Create
 * a tag' link"): the shop's tags as checkboxes, this customer's ticked, and Save. createTagUrl
 * opens this tab with the Create a tag dialog (`create_tag=1`). Online only: tags live on the
 * server (docs/decisions/pos.md "Customer IP addresses and tags"); offline the tab says so.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { customerTagsQueryOptions, saveCustomerTags } from '../../../api/customer-tag';
import { CREATE_TAG, NO_TAGS } from '../../../contracts/customer-tag';
import { CUSTOMER_NOT_FOUND } from '../../../domain/mutations/guards';
import { useOnline } from '../../../device/use-online';
import { Button, buttonClassName } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast/toast-context';
import type { CustomerTabProps } from '../tab-props';
import { CreateTagDialog } from './create-tag-dialog';
import { NOT_ON_SERVER_YET } from './ip-tab';
import styles from './customer-admin-tabs.module.css';

export const TAGS_TAB_OFFLINE = 'Tags are kept on the server: connect to the network to see and save them.';
export const TAGS_TAB_OFFLINE_SHOWN = 'You are offline: saving tags needs the network.';

export function TagsTab({ customer }: CustomerTabProps) {
  const online = useOnline();
  const toast = useToast();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const creating = params.get('create_tag') === '1';
  const tags = useQuery({ ...customerTagsQueryOptions(customer.id), enabled: online });
  const [picked, setPicked] = useState<ReadonlySet<number> | null>(null);
  const [saving, setSaving] = useState(false);
  const data = tags.data;
  // The server's set until staff tick something; a reload after a save starts from the server again.
  useEffect(() => setPicked(null), [data]);
  const chosen = picked ?? new Set(data?.assignedTags ?? []);

  const closeCreate = () => {
    const next = new URLSearchParams(params);
    next.delete('create_tag');
    setParams(next, { replace: true });
  };
  const save = async () => {
    setSaving(true);
    try {
      const r = await saveCustomerTags(customer.id, [...chosen]);
      toast.success(r.success);
      await client.invalidateQueries({ queryKey: ['customer-tag', customer.id] });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Something went wrong!');
    } finally {
      setSaving(false);
    }
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };

  const dialog = creating && online && (
    <CreateTagDialog
      onClose={closeCreate}
      onCreated={(_tag, message) => {
        toast.success(message);
        closeCreate();
        void client.invalidateQueries({ queryKey: ['customer-tag'] });
      }}
    />
  );

  if (!data) {
    if (!online) return <EmptyState title={TAGS_TAB_OFFLINE} />;
    if (tags.isError) {
      const missing = tags.error instanceof ApiError && tags.error.message === CUSTOMER_NOT_FOUND;
      return (
        <ErrorState message={missing ? NOT_ON_SERVER_YET : 'Something went wrong!'}>
          <Button variant="secondary" onClick={() => void tags.refetch()}>
            Try again
          </Button>
        </ErrorState>
      );
    }
    return <Spinner label="Loading tags…" />;
  }
  const createLink = (
    <Link className={buttonClassName('secondary')} to={data.createTagUrl}>
      {CREATE_TAG}
    </Link>
  );
  if (data.customerTags.length === 0) {
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
      {!online && (
        <p className={styles.note} role="status">
          {TAGS_TAB_OFFLINE_SHOWN}
        </p>
      )}
      <fieldset className={styles.tags}>
        <legend className="visually-hidden">Customer tags</legend>
        {data.customerTags.map((t) => (
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
        <Button type="submit" disabled={!online || saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        {createLink}
      </div>
      {dialog}
    </form>
  );
}
