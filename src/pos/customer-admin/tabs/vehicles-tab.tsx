/**
 * The Vehicles tab of the customer admin screen, the customer's garage (pos-back-office.md §2
 * "Vehicles (only when enabled)"; §9 "vehicle table paging hidden", default sort title
 * ascending, asc/desc toggle): title, year/make/model, VIN and notes from the device store, Add
 * Vehicle, Edit and Delete ("Are you sure you want to delete this vehicle?"). Every change is a
 * vehicle.* mutation through the outbox, so the garage is kept offline as well.
 * docs/decisions/pos.md "Customer vehicles and credits".
 */
import { useState } from 'react';
import { customerVehicles } from '../../../db/queries';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';
import { useRunMutation } from '../../../device/use-run-mutation';
import { DELETE_VEHICLE_CONFIRM } from '../../../domain/forms/vehicle';
import type { Vehicle } from '../../../domain/mutations/records';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import type { SortState } from '../../../ui/table/sort';
import { useToast } from '../../../ui/toast/toast-context';
import type { CustomerTabProps } from '../tab-props';
import { VehicleModal, ymmText } from './vehicle-modal';
import styles from './vehicles-tab.module.css';

type Key = 'title' | 'ymm' | 'vin' | 'notes' | 'actions';
type SortKey = Exclude<Key, 'actions'>;

const text = (v: Vehicle, key: SortKey): string => (key === 'ymm' ? ymmText(v.ymm_data) : v[key]);

export function sortVehicles(rows: readonly Vehicle[], sort: SortState<Key>): Vehicle[] {
  const key: SortKey = sort.key === 'actions' ? 'title' : sort.key;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) =>
      sign * text(a, key).localeCompare(text(b, key), 'en', { numeric: true, sensitivity: 'base' }) ||
      a.created_at.localeCompare(b.created_at),
  );
}

export function VehiclesTab({ customer }: CustomerTabProps) {
  const run = useRunMutation();
  const toast = useToast();
  const garage = useLiveQuery(() => customerVehicles(deviceDb(), customer.id), [customer.id]);
  const [sort, setSort] = useState<SortState<Key>>({ key: 'title', direction: 'asc' });
  const [editing, setEditing] = useState<Vehicle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);

  const remove = async () => {
    const v = deleting;
    setDeleting(null);
    if (v && (await run('vehicle.delete', { vehicle_ref: v.id })))
      toast.success(`${v.title || 'The vehicle'} was deleted.`);
  };

  const columns: Column<Vehicle, Key>[] = [
    { key: 'title', header: 'Title', sortable: true, render: (v) => v.title },
    { key: 'ymm', header: 'Year / Make / Model', sortable: true, render: (v) => ymmText(v.ymm_data) },
    { key: 'vin', header: 'VIN', sortable: true, render: (v) => v.vin },
    { key: 'notes', header: 'Notes', render: (v) => v.notes, className: styles.notes },
    {
      key: 'actions',
      header: 'Actions',
      headerLabel: 'Actions',
      render: (v) => (
        <div className={styles.actions}>
          <Button variant="secondary" aria-label={`Edit ${v.title || 'vehicle'}`} onClick={() => setEditing(v)}>
            Edit
          </Button>
          <Button variant="danger" aria-label={`Delete ${v.title || 'vehicle'}`} onClick={() => setDeleting(v)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  let body;
  if (garage.loading) body = <Spinner label="Loading vehicles…" />;
  else if (garage.error) body = <ErrorState message="Something went wrong!" />;
  else if (!garage.data?.length) body = <EmptyState title="There are no results." />;
  else
    body = (
      <DataTable
        caption={`Vehicles of ${customer.firstname} ${customer.lastname}`}
        columns={columns}
        rows={sortVehicles(garage.data, sort)}
        rowKey={(v) => v.id}
        sort={sort}
        onSortChange={setSort}
      />
    );

  return (
    <div className={styles.tab}>
      <div className={styles.bar}>
        <h2 className={styles.heading}>Vehicles</h2>
        <Button onClick={() => setEditing('new')}>Add Vehicle</Button>
      </div>
      {body}
      {editing && (
        <VehicleModal
          customerRef={customer.id}
          vehicle={editing === 'new' ? null : editing}
          run={run}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Vehicle"
        message={DELETE_VEHICLE_CONFIRM}
        confirmLabel="Delete"
        tone="warning"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
