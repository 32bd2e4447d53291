/**
 * Vehicle add/edit (pos-back-office.md §2 "Modals: Vehicle add/edit"; §7 vehicle form fields vin,
 * notes, ymm_data, title): title, VIN, notes and the year/make/model cascade of the fitment data
 * (the fitment form's own lists and selects, src/features/fitment/form), so the choices are the
 * shop's fitment vehicles, offline too on a staff device. Saved as vehicle.create / vehicle.update
 * through the outbox; the domain's form schema checks it here first (the VIN's 17 characters).
 */
import { useState } from 'react';
import { FitmentSelect, type SelectOption } from '../../../features/fitment/form/fitment-select';
import { useYmmLists, type Picks } from '../../../features/fitment/form/use-fitment-lists';
import { uuidv7 } from '../../../db/ids';
import type { RunMutation } from '../../../device/use-run-mutation';
import { FACET_LABELS, YMM_KEYS, makeFacet, type FacetKey } from '../../../domain/fitment-facets';
import { vehicleFormSchema } from '../../../domain/forms/vehicle';
import type { Vehicle } from '../../../domain/mutations/records';
import { ActionModal } from '../../../ui/action-modal';
import { TextField } from '../../../ui/field';
import styles from './vehicles-tab.module.css';

type Errors = Partial<Record<'title' | 'vin' | 'notes', string>>;

/** "2019 Ford F-150": the year/make/model labels a vehicle carries. */
export function ymmText(ymm: Vehicle['ymm_data']): string {
  return YMM_KEYS.map((k) => ymm[k]?.label_value ?? '')
    .filter(Boolean)
    .join(' ');
}

function picksOf(v: Vehicle | null): Picks {
  const out: Picks = {};
  for (const k of YMM_KEYS) {
    const f = v?.ymm_data[k];
    if (f) out[k] = { id: f.api_value, label: f.label_value };
  }
  return out;
}

export function VehicleModal(props: {
  customerRef: string;
  vehicle: Vehicle | null;
  run: RunMutation;
  onClose: () => void;
}) {
  const editing = props.vehicle;
  const [title, setTitle] = useState(editing?.title ?? '');
  const [vin, setVin] = useState(editing?.vin ?? '');
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [picks, setPicks] = useState<Picks>(() => picksOf(editing));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const lists = useYmmLists(picks, true);
  const fields: { key: FacetKey; options: readonly SelectOption[]; loading: boolean }[] = [
    { key: 'Year', options: lists.years.data ?? [], loading: lists.years.isFetching },
    { key: 'MakeID', options: lists.makes.data ?? [], loading: lists.makes.isFetching },
    { key: 'ModelID', options: lists.models.data ?? [], loading: lists.models.isFetching },
  ];

  const pick = (i: number, option: SelectOption | undefined) =>
    setPicks((prev) => {
      const next: Picks = { ...prev, [YMM_KEYS[i]!]: option };
      for (const k of YMM_KEYS.slice(i + 1)) delete next[k];
      return next;
    });

  const submit = async () => {
    const ymm_data: Vehicle['ymm_data'] = {};
    for (const k of YMM_KEYS) {
      const p = picks[k];
      if (p) ymm_data[k] = makeFacet(k, Number(p.id), p.label);
    }
    // A vehicle named by its year/make/model when staff leave the title blank.
    const form = vehicleFormSchema.safeParse({
      customer_ref: props.customerRef,
      title: title.trim() || ymmText(ymm_data),
      vin,
      notes,
      ymm_data,
    });
    if (!form.success) {
      const e: Errors = {};
      for (const issue of form.error.issues) {
        const key = issue.path[0];
        if ((key === 'title' || key === 'vin' || key === 'notes') && !e[key]) e[key] = issue.message;
      }
      setErrors(e);
      return;
    }
    setErrors({});
    setBusy(true);
    const { title: t, vin: v, notes: n } = form.data;
    const ok = editing
      ? await props.run('vehicle.update', { vehicle_ref: editing.id, title: t, vin: v, notes: n, ymm_data })
      : await props.run('vehicle.create', {
          id: uuidv7(),
          customer_ref: props.customerRef,
          title: t,
          vin: v,
          notes: n,
          ymm_data,
        });
    setBusy(false);
    if (ok) props.onClose();
  };

  return (
    <ActionModal
      onClose={props.onClose}
      title={editing ? 'Edit Vehicle' : 'Add Vehicle'}
      saveLabel={busy ? 'Saving...' : 'Save'}
      disabled={busy}
      onSave={() => void submit()}
    >
      <div className={styles.ymm} role="group" aria-label="Year, make and model">
        {fields.map((f, i) => {
          const parentsChosen = YMM_KEYS.slice(0, i).every((k) => picks[k]);
          return (
            <FitmentSelect
              key={f.key}
              name={f.key}
              label={FACET_LABELS[f.key]}
              value={picks[f.key]?.id ?? ''}
              options={f.options}
              disabled={!parentsChosen || f.loading || busy}
              glow={false}
              onChange={(id, label) => pick(i, id ? { id, label } : undefined)}
            />
          );
        })}
      </div>
      <TextField
        label="Title"
        value={title}
        maxLength={128}
        placeholder={ymmText(
          Object.fromEntries(
            YMM_KEYS.flatMap((k) => (picks[k] ? [[k, makeFacet(k, Number(picks[k].id), picks[k].label)]] : [])),
          ),
        )}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextField
        label="VIN"
        value={vin}
        maxLength={17}
        autoCapitalize="characters"
        error={errors.vin}
        onChange={(e) => (setVin(e.target.value), setErrors((x) => ({ ...x, vin: undefined })))}
      />
      <TextField
        label="Notes"
        value={notes}
        maxLength={10000}
        error={errors.notes}
        onChange={(e) => setNotes(e.target.value)}
      />
    </ActionModal>
  );
}
