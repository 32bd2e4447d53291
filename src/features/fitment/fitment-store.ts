/**
 * The page's fitment state (storefront.md §4 "Part validation"): the shopper's vehicle, the form's
 * config and every collected part's result. One store per page so the 48 cards of a listing share
 * a few batched validateFitment calls instead of making 48.
 *
 * Collection: a card registers its part; a part already known is not added twice. New parts set a
 * revalidate flag and are validated together shortly after (the cards of one render land in one
 * call); a follow-up revalidate runs 1000 ms after each validation for parts collected meanwhile.
 * A vehicle change revalidates every known part, and a validation still answering for the old
 * vehicle is dropped. Failures are logged only (§8): the busy flag is cleared and the cards keep
 * their previous result. Each validation also names the next 'maybe' part to prompt for.
 */
import { afterPaint } from '../../ui/after-paint';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../api/api-error';
import { fitmentApi, partRef } from '../../api/fitment';
import type { FitmentConfig } from '../../contracts/fitment/config';
import type { ValidatedPart } from '../../contracts/fitment/validate-fitment';
import { vehicleReplySchema, type VehicleReply } from '../../contracts/fitment/vehicle';
import { MAX_PARTS_PER_CALL } from '../../domain/fitment';
import type { Facet } from '../../domain/fitment-facets';
import { offlineFitment, onOfflineFitment } from '../../device/offline-answers';
import { bumpVehicleVersion } from './vehicle-version';

/** §4: "A follow-up revalidate runs after 1000 ms." */
export const REVALIDATE_MS = 1000;
/** Long enough for one render's cards to register together. */
const COLLECT_MS = 30;

export interface FitmentSnapshot {
  config: FitmentConfig | null;
  /** The settings could not be read (offline): nothing is shown, no space is held for the block. */
  configFailed: boolean;
  vehicle: VehicleReply | null;
  results: ReadonlyMap<string, ValidatedPart>;
  /** Bumped on every vehicle change so listings can refresh what depends on it. */
  vehicleVersion: number;
  busy: boolean;
  /** §4: the next collected part whose result is 'maybe' (the one to prompt for), in collection order. */
  nextMaybe: ValidatedPart | null;
}

/** The last vehicle the server told this device (per browser profile: the vehicle is not private). */
const VEHICLE_KEY = 'partsdesk.fitment.vehicle';

function rememberVehicle(vehicle: VehicleReply): void {
  try {
    localStorage.setItem(VEHICLE_KEY, JSON.stringify(vehicle));
  } catch {
    // Storage full or refused (private mode): offline answers fall back to no vehicle.
  }
}

function rememberedVehicle(): VehicleReply | null {
  try {
    const parsed = vehicleReplySchema.safeParse(JSON.parse(localStorage.getItem(VEHICLE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const EMPTY_VEHICLE: VehicleReply = { facets: {}, hasEngine: false, hasYmm: false, showUniversal: true, label: '' };

class FitmentStore {
  private snap: FitmentSnapshot = {
    config: null,
    configFailed: false,
    vehicle: null,
    results: new Map(),
    vehicleVersion: 0,
    busy: false,
    nextMaybe: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly known = new Set<string>();
  private pending = new Set<string>();
  private collectTimer: ReturnType<typeof setTimeout> | null = null;
  private followUpTimer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  /** Bumped by every vehicle change: a validation answered for an older vehicle is dropped. */
  private generation = 0;
  /** §4 requires-refresh: a prompt answer wants a reload once no 'maybe' part remains. */
  private refreshWanted = false;
  /** The page's first vehicle read, shared by the screen and the offline answer (which waits on it). */
  private vehicleRead: Promise<VehicleReply | null> | null = null;

  constructor() {
    // A staff device's cache became able to answer: parts still without a result (their call
    // failed offline before the sync connection existed) are asked again.
    onOfflineFitment(() => {
      for (const ref of this.known) if (!this.snap.results.has(ref)) this.pending.add(ref);
      if (this.pending.size) void this.flush();
    });
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    this.start();
    return () => void this.listeners.delete(fn);
  };
  getSnapshot = () => this.snap;

  private set(patch: Partial<FitmentSnapshot>) {
    this.snap = { ...this.snap, ...patch };
    for (const fn of this.listeners) fn();
  }

  private start() {
    if (this.started || typeof window === 'undefined') return;
    this.started = true;
    // Once the page's first screen has painted (ui/after-paint.ts): the product page subscribes
    // while it renders, and these reads are not what that screen shows.
    void afterPaint().then(() => {
      fitmentApi.config().then(
        (config) => this.set({ config }),
        (err: unknown) => {
          this.set({ configFailed: true });
          logFailure(err);
        },
      );
      void this.readVehicle();
    });
  }

  /**
   * The vehicle this page knows: read once from the server; when the server cannot be reached, the
   * last one this device was told (a staff device validates from its cache offline, and a listing
   * judged with no vehicle would show every part as 'maybe'). A read answered after the vehicle
   * changed on this page is dropped.
   */
  private readVehicle(): Promise<VehicleReply | null> {
    const generation = this.generation;
    this.vehicleRead ??= fitmentApi.getVehicle().then(
      (vehicle) => {
        rememberVehicle(vehicle);
        if (generation === this.generation) this.set({ vehicle });
        return vehicle;
      },
      (err: unknown) => {
        logFailure(err);
        const vehicle = err instanceof ApiError && err.status === 0 ? rememberedVehicle() : null;
        if (vehicle && generation === this.generation && !this.snap.vehicle) this.set({ vehicle });
        return vehicle;
      },
    );
    return this.vehicleRead;
  }

  /** Adds a part to the page's collection; a known part is not added twice. */
  register(aaia: string, mpn: string) {
    if (!aaia || !mpn) return;
    const ref = partRef(aaia, mpn);
    if (this.known.has(ref)) return;
    this.known.add(ref);
    this.pending.add(ref);
    this.collectTimer ??= setTimeout(() => {
      this.collectTimer = null;
      void this.flush();
    }, COLLECT_MS);
  }

  private async flush(all = false) {
    const refs = all ? [...this.known] : [...this.pending];
    this.pending = new Set();
    if (refs.length === 0) return;
    const generation = this.generation;
    this.set({ busy: true });
    try {
      const answered: ValidatedPart[] = [];
      for (let i = 0; i < refs.length; i += MAX_PARTS_PER_CALL) {
        const parts = await this.validate(refs.slice(i, i + MAX_PARTS_PER_CALL));
        if (generation !== this.generation) return; // the vehicle changed meanwhile: its own flush judges every part
        answered.push(...parts);
      }
      // Merged into the results as they are now, not as they were when this call started.
      const results = new Map(this.snap.results);
      for (const p of answered) results.set(partRef(p.BrandCode, p.Part), p);
      const nextMaybe = this.firstMaybe(results);
      this.set({ results, busy: false, nextMaybe });
      if (this.refreshWanted && !nextMaybe) {
        this.refreshWanted = false;
        location.reload();
      }
    } catch (err) {
      logFailure(err);
      if (generation === this.generation) this.set({ busy: false });
    }
    if (this.followUpTimer) clearTimeout(this.followUpTimer);
    this.followUpTimer = setTimeout(() => {
      this.followUpTimer = null;
      if (this.pending.size) void this.flush();
    }, REVALIDATE_MS);
  }

  /**
   * One batch from the server; when the server cannot be reached (offline), a staff device answers
   * from its cache with the same rule, for the vehicle this page last knew (src/device/offline-answers.ts).
   */
  private async validate(refs: string[]): Promise<ValidatedPart[]> {
    try {
      return (await fitmentApi.validate(refs)).parts;
    } catch (err) {
      const answer = offlineFitment();
      if (!(err instanceof ApiError) || err.status !== 0 || !answer) throw err;
      // The first flush can run before the page's vehicle read answered: judge for the vehicle, not for none.
      const vehicle = this.snap.vehicle ?? (await this.readVehicle());
      return answer(refs, vehicle?.facets ?? {}).catch(() => {
        throw err;
      });
    }
  }

  private firstMaybe(results: ReadonlyMap<string, ValidatedPart>): ValidatedPart | null {
    for (const ref of this.known) {
      const p = results.get(ref);
      if (p?.result === 'maybe' && p.choices.length > 0) return p;
    }
    return null;
  }

  /** The vehicle changed (saved, reset, facet removed): every known part is judged again. */
  vehicleChanged(vehicle: VehicleReply) {
    this.generation += 1;
    rememberVehicle(vehicle);
    this.set({ vehicle, vehicleVersion: this.snap.vehicleVersion + 1, busy: false });
    bumpVehicleVersion();
    void this.flush(true);
  }

  async save(facets: readonly Facet[]) {
    const reply = await fitmentApi.saveVehicle(facets);
    if (reply.action === 'saved') this.vehicleChanged(reply);
    else this.vehicleChanged(EMPTY_VEHICLE);
    return reply;
  }

  /**
   * The shopper answered the 'maybe' prompt (§4): the facet is saved and every part judged again.
   * With page refresh on, the page reloads once no 'maybe' part is left to ask about.
   */
  async answerPrompt(facet: Facet) {
    if (this.snap.config?.ymm_page_refresh) this.refreshWanted = true;
    await this.save([facet]);
  }

  async reset() {
    const reply = await fitmentApi.reset();
    this.vehicleChanged(EMPTY_VEHICLE);
    return reply;
  }

  /** A showroom kiosk's Reset: this device forgets the vehicle (the server's cookie goes with clearSession). */
  forget() {
    this.vehicleChanged(EMPTY_VEHICLE);
  }

  async removeFacet(key: string) {
    this.vehicleChanged(await fitmentApi.removeFacet(key));
  }

  async toggleUniversal() {
    this.vehicleChanged(await fitmentApi.toggleUniversal());
  }
}

export const fitmentStore = new FitmentStore();

export function logFailure(err: unknown): void {
  // §8: fitment service failures are logged only, never shown.
  console.error('[fitment]', err);
}

export function useFitmentSnapshot(): FitmentSnapshot {
  return useSyncExternalStore(fitmentStore.subscribe, fitmentStore.getSnapshot, fitmentStore.getSnapshot);
}

/**
 * One part of the snapshot: the component renders again only when that part changes, not on every
 * change of the store (a busy flag, another card's result). useSyncExternalStore renders its
 * updates synchronously, so 24 cards following the whole snapshot re-rendered in one long task per
 * change. `select` must answer a value or a reference the store keeps (never a new object).
 */
export function useFitmentSelect<T>(select: (snap: FitmentSnapshot) => T): T {
  const get = () => select(fitmentStore.getSnapshot());
  return useSyncExternalStore(fitmentStore.subscribe, get, get);
}

/** True when a vehicle (year/make/model or engine, even partly) is chosen. */
export const hasVehicle = (v: VehicleReply | null): boolean => !!v && Object.keys(v.facets).length > 0;
