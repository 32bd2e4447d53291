import { catalogDetailsReplySchema } from '../contracts/fitment/catalog-details';
import { fitmentConfigSchema } from '../contracts/fitment/config';
import {
  choicesReplySchema,
  engineFamiliesReplySchema,
  engineMfrsReplySchema,
  engineSizesReplySchema,
  makesReplySchema,
  modelsReplySchema,
  yearsReplySchema,
} from '../contracts/fitment/option-lists';
import { validateFitmentReplySchema } from '../contracts/fitment/validate-fitment';
import { saveVehicleReplySchema, vehicleReplySchema } from '../contracts/fitment/vehicle';
import { ITEM_SEPARATOR, type Facet } from '../domain/fitment-facets';
import { request, toQueryString, type QueryValue } from './http';

/** The vehicle fitment service, /ymm/json/ (storefront.md §7). */
const BASE = '/ymm/json/';

/** A facet as the wire wants it: field||id||label||encoded value. */
export function facetItem(f: Facet): string {
  return [f.api_field, f.api_value, f.label_field, encodeURIComponent(f.label_value)].join(ITEM_SEPARATOR);
}

const get = <S extends Parameters<typeof request>[1]>(path: string, schema: S, q: Record<string, QueryValue> = {}) =>
  request(`${BASE}${path}${toQueryString(q)}`, schema);

export const fitmentApi = {
  config: () => get('config', fitmentConfigSchema),
  getVehicle: () => get('getVehicle', vehicleReplySchema),
  years: () => get('years', yearsReplySchema),
  makes: (Year: string) => get('makes', makesReplySchema, { Year }),
  models: (Year: string, MakeID: string) => get('models', modelsReplySchema, { Year, MakeID }),
  choices: (q: {
    Year: string;
    MakeID: string;
    ModelID: string;
    SubModelID?: string;
    BodyTypeID?: string;
    BedLengthID?: string;
  }) => get('choices', choicesReplySchema, q),
  engineMfrs: () => get('engine_mfrs', engineMfrsReplySchema),
  engineFamilies: (EngineMfrID: string) => get('engine_family_sizes', engineFamiliesReplySchema, { EngineMfrID }),
  engineSizes: (EngineMfrID: string, EngineFamilyID: string) =>
    get('engine_sizes', engineSizesReplySchema, { EngineMfrID, EngineFamilyID }),
  /** `parts` as {aaia}~{mpn}; `add` asks "would it fit with this facet too?" without saving it. */
  validate: (parts: readonly string[], add?: Facet) =>
    get('validateFitment', validateFitmentReplySchema, {
      Parts: parts.join(','),
      add: add ? facetItem(add) : undefined,
    }),
  saveVehicle: (facets: readonly Facet[]) => {
    const q: Record<string, string> = {};
    facets.forEach((f, i) => (q[`add${i + 1}`] = facetItem(f)));
    return get('saveVehicle', saveVehicleReplySchema, q);
  },
  reset: () => get('reset', saveVehicleReplySchema),
  removeFacet: (remove: string) => get('remove_facet', vehicleReplySchema, { remove }),
  toggleUniversal: () => get('toggle_universal', vehicleReplySchema),
  catalogDetails: (body: {
    product_id: number;
    aaia: string;
    mpn: string;
    category_id: number;
    manufacturer_id: number;
    series_id: number;
  }) => request(`${BASE}getCatalogDetails`, catalogDetailsReplySchema, { method: 'POST', body }),
};

/** The key a part is known by in the collector and on the wire. */
export const partRef = (aaia: string, mpn: string): string => `${aaia}~${mpn}`;
