/**
 * /pos/settings/custom-fields: the shop's custom fields (docs/decisions/pos.md "Custom fields
 * settings"), listed with their type, location, whether required and whether in use, with Add and
 * Edit. Admins only, online only (the definitions are the server's; devices get them with the next
 * pull and the customer form uses them offline from then on).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { customFieldsAdminKey, customFieldsAdminQueryOptions } from '../../api/custom-fields-admin';
import type { AdminCustomField } from '../../contracts/custom-field-admin';
import { useOnline } from '../../device/use-online';
import { useSync } from '../../device/sync-context';
import { useSession } from '../../features/session/use-session';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { DataTable, type Column } from '../../ui/table/data-table';
import { useToast } from '../../ui/toast/toast-context';
import { CustomFieldModal } from './custom-field-modal';
import { LOCATION_LABEL, TYPE_LABEL } from './labels';
import styles from './custom-fields.module.css';

export const ADMIN_ONLY = 'Only an admin can define custom fields.';
export const FIELDS_OFFLINE = 'Custom fields are defined on the server: connect to the network to change them.';
export const NO_FIELDS = 'No custom fields yet.';

export function CustomFieldsPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const online = useOnline();
  const toast = useToast();
  const client = useQueryClient();
  const worker = useSync();
  const list = useQuery({ ...customFieldsAdminQueryOptions(), enabled: admin && online });
  const [editing, setEditing] = useState<AdminCustomField | 'new' | null>(null);

  // The name opens the editor (on a phone the table scrolls sideways: the name is always in view).
  const columns: Column<AdminCustomField>[] = [
    {
      key: 'name',
      header: 'Name',
      className: styles.nameCell,
      render: (f) => (
        <button type="button" className={styles.nameButton} onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
          {f.name}
        </button>
      ),
    },
    { key: 'status', header: 'Status', render: (f) => (f.status ? 'Enabled' : 'Disabled') },
    { key: 'type', header: 'Type', render: (f) => TYPE_LABEL[f.type] },
    { key: 'location', header: 'Location', render: (f) => LOCATION_LABEL[f.location] },
    { key: 'required', header: 'Required', render: (f) => (f.required ? 'Yes' : 'No') },
    { key: 'sort', header: 'Sort Order', render: (f) => f.sort_order },
  ];

  let body;
  if (!admin) body = <EmptyState title={ADMIN_ONLY} />;
  else if (!online) body = <EmptyState title={FIELDS_OFFLINE} />;
  else if (list.isError)
    body = (
      <ErrorState message={list.error.message}>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </ErrorState>
    );
  else if (!list.data) body = <Spinner label="Loading custom fields…" />;
  else if (list.data.custom_fields.length === 0) body = <EmptyState title={NO_FIELDS} />;
  else
    body = (
      <DataTable
        caption="Custom fields"
        columns={columns}
        rows={list.data.custom_fields}
        rowKey={(f) => String(f.custom_field_id)}
      />
    );

  return (
    <section className={styles.page} aria-labelledby="custom-fields-title">
      <p className={styles.crumb}>
        <Link to="/pos/settings">Settings</Link>
      </p>
      <div className={styles.header}>
        <h1 id="custom-fields-title" className={styles.title}>
          Custom Fields
        </h1>
        {admin && online && <Button onClick={() => setEditing('new')}>Add Custom Field</Button>}
      </div>
      <p className={styles.intro}>
        Extra questions on the customer form (account) or on each address. Tap a name to edit it. A disabled field is no
        longer asked; the answers already given are kept.
      </p>
      {body}
      {editing && (
        <CustomFieldModal
          field={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            toast.success(message);
            setEditing(null);
            void client.invalidateQueries({ queryKey: customFieldsAdminKey });
            // This tablet's customer form gets the new definition now, not at the next poke.
            void worker?.syncNow().catch(() => undefined);
          }}
        />
      )}
    </section>
  );
}
