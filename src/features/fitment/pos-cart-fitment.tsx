import { useState } from 'react';
import type { VehicleReply } from '../../contracts/fitment/vehicle';
import { uuidv7 } from '../../db/ids';
import { customerVehicles } from '../../db/queries';
import { CUSTOMER_MUST_BE_SELECTED } from '../../domain/forms/appointment';
import { addVehiclePrompt } from '../../domain/forms/vehicle';
import { FACET_KEYS, type Facets } from '../../domain/fitment-facets';
import type { Order, Vehicle } from '../../domain/mutations/records';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast/toast-context';
import { deviceDb } from '../../device/device-db';
import type { RunMutation } from '../../device/use-run-mutation';
import { FitmentForm } from './form/fitment-form';
import styles from './form/form.module.css';

/** A garage vehicle matches when it carries every facet of the selection with the same value. */
export function garageHas(garage: readonly Vehicle[], facets: Facets): boolean {
  const chosen = FACET_KEYS.filter((k) => facets[k]);
  return garage.some((v) => chosen.every((k) => v.ymm_data[k]?.api_value === facets[k]!.api_value));
}

/**
 * The fitment form inside the POS cart (§2): after staff choose a vehicle for a cart with a
 * customer whose garage lacks it, 'Add This Vehicle to Customer?' offers to add it. The add is the
 * sync mutation vehicle.create (through the device's outbox), so it works offline like the rest
 * of the counter.
 */
export function PosCartFitment({ order, run }: { order: Order | null; run: RunMutation }) {
  const toast = useToast();
  const [offer, setOffer] = useState<VehicleReply | null>(null);
  const customerRef = order?.customer_ref ?? null;
  const customer = order?.customer_name || 'This customer';

  const onSaved = async (vehicle: VehicleReply) => {
    if (!customerRef || !vehicle.label) return;
    const garage = await customerVehicles(deviceDb(), customerRef);
    if (!garageHas(garage, vehicle.facets)) setOffer(vehicle);
  };

  const add = async () => {
    const vehicle = offer;
    setOffer(null);
    if (!vehicle) return;
    if (!customerRef) {
      toast.error(CUSTOMER_MUST_BE_SELECTED);
      return;
    }
    const ymm_data: Vehicle['ymm_data'] = {};
    for (const k of FACET_KEYS) if (vehicle.facets[k]) ymm_data[k] = vehicle.facets[k];
    if (await run('vehicle.create', { id: uuidv7(), customer_ref: customerRef, title: vehicle.label, ymm_data })) {
      toast.success(`${vehicle.label} was added to ${customer}'s Garage.`);
    }
  };

  return (
    <details className={styles.block}>
      <summary className={styles.toggle}>Vehicle Fitment</summary>
      <FitmentForm onSaved={(v) => void onSaved(v)} />
      <ConfirmDialog
        open={offer !== null}
        title="Add This Vehicle to Customer?"
        message={offer ? addVehiclePrompt(customer, offer.label) : ''}
        confirmLabel="Add This Vehicle"
        tone="question"
        onConfirm={() => void add()}
        onCancel={() => setOffer(null)}
      />
    </details>
  );
}
