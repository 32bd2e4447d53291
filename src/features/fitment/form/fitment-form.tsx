import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import type { VehicleReply } from '../../../contracts/fitment/vehicle';
import {
  ENGINE_KEYS,
  FACET_KEYS,
  YMM_KEYS,
  descendantsOf,
  makeFacet,
  type FacetKey,
} from '../../../domain/fitment-facets';
import { fitmentStore, logFailure, useFitmentSelect } from '../fitment-store';
import { CascadeForm, type CascadeField } from './cascade-form';
import type { SelectOption } from './fitment-select';
import { useEngineLists, useYmmLists, type Picks } from './use-fitment-lists';
import { VehicleSummary } from './vehicle-summary';
import styles from './form.module.css';

type Tab = 'ymm' | 'engine';
const CHOICE_KEYS = ['SubModelID', 'BodyTypeID', 'BedLengthID'] as const;

/** Form state from a partly chosen vehicle (§4: a facet picked in the fitment modal fills the form). */
function picksOf(v: VehicleReply | null): Picks {
  const out: Picks = {};
  for (const k of FACET_KEYS) {
    const f = v?.facets[k];
    if (f) out[k] = { id: f.api_value, label: f.label_value };
  }
  return out;
}

/**
 * The vehicle fitment form (§2, §4): Year/Make/Model and Engine tabs (the pair only when both are
 * enabled), the cascade, Submit -> saveVehicle; once a whole year/make/model or engine is chosen
 * the summary replaces it. With ymm_page_refresh on, a saved vehicle reloads the page (or goes to
 * the server's redirect from the home page); otherwise the page's fit badges update in place.
 * Reset, removing a facet and toggling universal parts reload the storefront page (§4).
 * `onSaved` lets the POS cart react to a new vehicle (its 'Add This Vehicle to Customer?' prompt).
 */
export function FitmentForm({ onSaved }: { onSaved?: (vehicle: VehicleReply) => void }) {
  const config = useFitmentSelect((s) => s.config);
  const vehicle = useFitmentSelect((s) => s.vehicle);
  const ymmOn = config?.ymm_enabled ?? true;
  const engineOn = config?.engine_family_enabled ?? true;
  const [tab, setTab] = useState<Tab>(ymmOn ? 'ymm' : 'engine');
  const [picks, setPicks] = useState<Picks>(() => picksOf(vehicle));
  const [busy, setBusy] = useState(false);
  const showSummary = !!vehicle && (vehicle.hasYmm || vehicle.hasEngine);

  // A vehicle changed elsewhere (modal choice, reset, another form) refills the form; one chosen
  // partly by engine (a facet removed) opens the Engine tab.
  useEffect(() => {
    setPicks(picksOf(vehicle));
    if (ENGINE_KEYS.some((k) => vehicle?.facets[k]) && !YMM_KEYS.some((k) => vehicle?.facets[k])) setTab('engine');
  }, [vehicle]);

  const ymm = useYmmLists(picks, ymmOn && tab === 'ymm' && !showSummary);
  const engine = useEngineLists(picks, engineOn && tab === 'engine' && !showSummary);

  const pick = (key: FacetKey, option: SelectOption | undefined) => {
    setPicks((prev) => {
      const next: Picks = { ...prev, [key]: option };
      for (const d of descendantsOf(key)) delete next[d];
      return next;
    });
  };

  const run = async (job: () => Promise<void>) => {
    setBusy(true);
    try {
      await job();
    } catch (err) {
      logFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = (keys: readonly FacetKey[]) =>
    run(async () => {
      const facets = keys.flatMap((k) => {
        const p = picks[k];
        return p ? [makeFacet(k, Number(p.id), p.label)] : [];
      });
      const reply = await fitmentStore.save(facets);
      if (reply.action !== 'saved') return;
      // The POS cart (onSaved) never reloads: its 'Add This Vehicle' prompt would be lost.
      if (config?.ymm_page_refresh && !onSaved) {
        if (location.pathname === '/' && reply.redirect) location.assign(reply.redirect);
        else location.reload();
        return;
      }
      onSaved?.(reply);
    });

  const choices = ymm.choices.data ?? {};
  const choiceFields: CascadeField[] =
    config?.enable_choices === false
      ? []
      : CHOICE_KEYS.flatMap((k) => {
          const list = choices[k];
          if (!list || list.options.length === 0) return [];
          return [{ key: k, label: list.label, options: list.options, loading: ymm.choices.isFetching }];
        });
  const grouped = config?.ymm_popular_sort === true;
  const ymmFields: CascadeField[] = [
    { key: 'Year', options: ymm.years.data ?? [], loading: ymm.years.isFetching },
    { key: 'MakeID', options: ymm.makes.data ?? [], loading: ymm.makes.isFetching, grouped },
    { key: 'ModelID', options: ymm.models.data ?? [], loading: ymm.models.isFetching, grouped },
    ...choiceFields,
  ];
  const engineFields: CascadeField[] = [
    { key: 'EngineMfrID', options: engine.mfrs.data ?? [], loading: engine.mfrs.isFetching },
    { key: 'EngineFamilyID', options: engine.families.data ?? [], loading: engine.families.isFetching },
    { key: 'EngineSizeID', options: engine.sizes.data ?? [], loading: engine.sizes.isFetching },
  ];

  // §4: "Reset reloads when action is 'reset'. Removing a facet or toggling universal parts reloads
  // the page." The POS cart (onSaved) updates in place instead: a reload there would drop the
  // cashier's open prompts, and its lists follow the store.
  const reloadAfter = (job: () => Promise<boolean>) =>
    run(async () => {
      if ((await job()) && !onSaved) location.reload();
    });

  if (!config) return null;
  if (showSummary) {
    return (
      <VehicleSummary
        vehicle={vehicle}
        busy={busy}
        onRemove={(k) => void reloadAfter(async () => (await fitmentStore.removeFacet(k), true))}
        onToggleUniversal={() => void reloadAfter(async () => (await fitmentStore.toggleUniversal(), true))}
        onReset={() => void reloadAfter(async () => (await fitmentStore.reset()).action === 'reset')}
      />
    );
  }
  const ymmLabel = config.ymm_tab_label;
  const engineLabel = config.engine_family_tab_label;
  const active: Tab = ymmOn && engineOn ? tab : ymmOn ? 'ymm' : 'engine';
  // One form a tab: its fields, how many must be chosen, and the facets its Submit sends.
  const cascade = (form: { label: string; fields: CascadeField[]; required: number }, keys: readonly FacetKey[]) => (
    <CascadeForm {...form} picks={picks} busy={busy} onPick={pick} onSubmit={() => void submit(keys)} />
  );
  const ymmForm = cascade({ label: ymmLabel, fields: ymmFields, required: YMM_KEYS.length }, [
    ...YMM_KEYS,
    ...CHOICE_KEYS,
  ]);
  const engineForm = cascade({ label: engineLabel, fields: engineFields, required: ENGINE_KEYS.length }, ENGINE_KEYS);
  if (!(ymmOn && engineOn)) return <div>{active === 'ymm' ? ymmForm : engineForm}</div>;
  // Radix Tabs: tablist/tab/tabpanel roles tied together, arrow keys between the two tabs, and only
  // the chosen form mounted (each loads its own lists).
  return (
    <Tabs.Root value={active} onValueChange={(v) => setTab(v === 'engine' ? 'engine' : 'ymm')}>
      <Tabs.List aria-label="Find your vehicle by" className={styles.tabs}>
        <Tabs.Trigger value="ymm" className={styles.tab}>
          {ymmLabel}
        </Tabs.Trigger>
        <Tabs.Trigger value="engine" className={styles.tab}>
          {engineLabel}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="ymm">{ymmForm}</Tabs.Content>
      <Tabs.Content value="engine">{engineForm}</Tabs.Content>
    </Tabs.Root>
  );
}
