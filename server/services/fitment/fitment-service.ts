import type { Kysely } from 'kysely';
import {
  hasEngine,
  hasYmm,
  mergeFacets,
  makeFacet,
  removeFacet,
  vehicleLabel,
  type FacetItem,
  type FacetKey,
  type FitmentVehicle,
} from '../../../src/domain/fitment-facets';
import { judgePart, type PartRef } from '../../../src/domain/fitment';
import type { DB } from '../../db/schema';
import { catalogDetails } from './fitment-catalog-details';
import { FitmentFacetResolver } from './fitment-facet-resolver';
import { labelChoices } from './fitment-labels';
import { FitmentOptionsService } from './fitment-options-service';
import { loadPartFacts, partKey } from './fitment-rows';
import { readFitmentClientConfig, readFitmentSettings } from './fitment-settings';
import type { FitmentConfig } from '../../../src/contracts/fitment/config';
import { FitmentVehicleStore, type StoredVehicle } from './fitment-vehicle-store';
import type { CatalogDetailsBody, CatalogDetailsReply } from '../../../src/contracts/fitment/catalog-details';
import { validatedPart, type ValidateFitmentReply } from '../../../src/contracts/fitment/validate-fitment';
import type { SaveVehicleReply, VehicleReply } from '../../../src/contracts/fitment/vehicle';

/**
 * What the route must do with the `pd_vehicle` cookie after a call: set a newly minted value,
 * clear it, or leave it alone.
 */
export type CookieAction = { set: string } | { clear: true } | null;

export interface WithCookie<T> {
  reply: T;
  cookie: CookieAction;
}

/**
 * The vehicle fitment service (storefront.md §7): the shopper's vehicle, the form's option lists,
 * part validation and "Find Products That Fit". Every call takes the caller's `pd_vehicle` cookie
 * value (or undefined); the route owns the cookie itself.
 */
export class FitmentService {
  readonly options: FitmentOptionsService;
  private readonly store: FitmentVehicleStore;
  private readonly resolver: FitmentFacetResolver;

  constructor(private readonly db: Kysely<DB>) {
    this.options = new FitmentOptionsService(db);
    this.store = new FitmentVehicleStore(db);
    this.resolver = new FitmentFacetResolver(db);
  }

  /** The form's tabs, labels and switches (not secret: every shopper's form shows them). */
  config(): Promise<FitmentConfig> {
    return readFitmentClientConfig(this.db);
  }

  async getVehicle(cookie: string | undefined): Promise<VehicleReply> {
    return vehicleReply((await this.store.load(cookie)).vehicle);
  }

  /**
   * Merges the items into the shopper's vehicle (a changed facet drops the facets that depend on
   * it unless this call sets them too), checks the result against the reference tables and saves
   * it. No items is the reset (§7: "With no parameters it is the reset").
   */
  async saveVehicle(cookie: string | undefined, items: FacetItem[] | null): Promise<WithCookie<SaveVehicleReply>> {
    if (!items) return this.reset(cookie);
    const stored = await this.store.load(cookie);
    const merged = mergeFacets(stored.vehicle.facets, items.map(toFacet));
    const facets = await this.resolver.resolve(merged);
    const vehicle = { ...stored.vehicle, facets };
    const [minted, settings] = await Promise.all([
      this.store.save(stored.idHash, vehicle),
      readFitmentSettings(this.db),
    ]);
    return {
      reply: { action: 'saved', ...vehicleReply(vehicle), redirect: settings.redirect },
      cookie: minted ? { set: minted } : null,
    };
  }

  async reset(cookie: string | undefined): Promise<WithCookie<{ action: 'reset' }>> {
    const stored = await this.store.load(cookie);
    await this.store.delete(stored.idHash);
    return { reply: { action: 'reset' }, cookie: cookie ? { clear: true } : null };
  }

  /** Removes a facet and the facets that depend on it (removing Year empties the year/make/model). */
  async removeFacet(cookie: string | undefined, key: FacetKey): Promise<VehicleReply> {
    const stored = await this.store.load(cookie);
    if (!stored.idHash) return vehicleReply(stored.vehicle);
    const vehicle = { ...stored.vehicle, facets: removeFacet(stored.vehicle.facets, key) };
    await this.store.save(stored.idHash, vehicle);
    return vehicleReply(vehicle);
  }

  /** Flips 'Show Universal Parts'; a shopper without a vehicle row gets one (the flag must persist). */
  async toggleUniversal(cookie: string | undefined): Promise<WithCookie<VehicleReply>> {
    const stored = await this.store.load(cookie);
    const vehicle = { ...stored.vehicle, showUniversal: !stored.vehicle.showUniversal };
    const minted = await this.store.save(stored.idHash, vehicle);
    return { reply: vehicleReply(vehicle), cookie: minted ? { set: minted } : null };
  }

  /**
   * Judges each part against the session vehicle, plus the `add` facet for this call only (the
   * 'maybe' prompt asks "would it fit with this sub model?" before the shopper commits to it).
   * Parts come back in the order asked, each once.
   */
  async validateFitment(
    cookie: string | undefined,
    parts: PartRef[],
    add: FacetItem | undefined,
  ): Promise<ValidateFitmentReply> {
    const stored = await this.store.load(cookie);
    let facets = stored.vehicle.facets;
    if (add) facets = await this.resolver.resolve(mergeFacets(facets, [toFacet(add)]));
    const facts = await loadPartFacts(this.db, parts, facets);
    const judged = await labelChoices(
      this.db,
      parts.map((p) =>
        judgePart(facts.get(partKey(p)) ?? { known: false, universal: false, hasFitmentData: false, rows: [] }, facets),
      ),
    );
    return {
      parts: parts.map((p, i) => validatedPart(p, judged[i]!)),
      vehicle: {
        label: vehicleLabel(facets),
        hasYmm: hasYmm(facets),
        hasEngine: hasEngine(facets),
        showUniversal: stored.vehicle.showUniversal,
      },
      facets,
    };
  }

  async catalogDetails(cookie: string | undefined, body: CatalogDetailsBody): Promise<CatalogDetailsReply> {
    const stored: StoredVehicle = await this.store.load(cookie);
    return catalogDetails(this.db, body, stored.vehicle);
  }
}

/** Labels are placeholders here: the resolver rewrites every facet from the reference tables. */
const toFacet = (item: FacetItem) => makeFacet(item.key, item.id, item.value);

function vehicleReply(v: FitmentVehicle): VehicleReply {
  return {
    facets: v.facets,
    hasEngine: hasEngine(v.facets),
    hasYmm: hasYmm(v.facets),
    showUniversal: v.showUniversal,
    label: vehicleLabel(v.facets),
  };
}
