import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import type { CookieAction, FitmentService } from '../services/fitment/fitment-service';
import { VEHICLE_COOKIE, VEHICLE_TTL_MS } from '../services/fitment/fitment-vehicle-store';
import { catalogDetailsBodySchema } from '../../src/contracts/fitment/catalog-details';
import {
  choicesQuerySchema,
  engineFamiliesQuerySchema,
  engineSizesQuerySchema,
  makesQuerySchema,
  modelsQuerySchema,
} from '../../src/contracts/fitment/option-lists';
import { validateFitmentQuerySchema } from '../../src/contracts/fitment/validate-fitment';
import { removeFacetQuerySchema, saveVehicleQuerySchema } from '../../src/contracts/fitment/vehicle';

export interface FitmentRouteOptions {
  /** Secure flag: 'auto' sets it on HTTPS requests (server/config.ts). */
  secureCookies: boolean | 'auto';
}

/**
 * The vehicle fitment service, /ymm/json/ (storefront.md §7). Public: shoppers choose a vehicle
 * before (or without) signing in. All GET as the spec lists them, so saveVehicle, remove_facet,
 * toggle_universal and reset change state on GET; the most a forged cross-site link can do is
 * change which vehicle a shopper sees parts for (docs/decisions/fitment.md "GET calls that change
 * state").
 *
 * The older path /catalog/index.php?route=ymm/json/{years|makes|models|choices} dispatches to the
 * same handlers with the same parameters.
 */
export function fitmentRoutes(
  app: FastifyInstance,
  fitment: FitmentService,
  opts: FitmentRouteOptions = { secureCookies: false },
): void {
  const cookieOf = (req: FastifyRequest) => req.cookies[VEHICLE_COOKIE];
  const applyCookie = (reply: FastifyReply, action: CookieAction) => {
    const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };
    if (action && 'set' in action)
      void reply.setCookie(VEHICLE_COOKIE, action.set, { ...base, maxAge: Math.floor(VEHICLE_TTL_MS / 1000) });
    else if (action) void reply.clearCookie(VEHICLE_COOKIE, base);
  };
  const pub = { config: { access: 'public' as const } };
  const { options } = fitment;

  const lists = {
    years: () => options.years(),
    makes: (req: FastifyRequest) => options.makes(parse(makesQuerySchema, req.query).Year),
    models: (req: FastifyRequest) => {
      const q = parse(modelsQuerySchema, req.query);
      return options.models(q.Year, q.MakeID);
    },
    choices: (req: FastifyRequest) => options.choices(parse(choicesQuerySchema, req.query)),
  } as const;

  app.get('/ymm/json/getVehicle', pub, (req) => fitment.getVehicle(cookieOf(req)));
  app.get('/ymm/json/config', pub, () => fitment.config());
  app.get('/ymm/json/years', pub, lists.years);
  app.get('/ymm/json/makes', pub, lists.makes);
  app.get('/ymm/json/models', pub, lists.models);
  app.get('/ymm/json/choices', pub, lists.choices);
  app.get('/ymm/json/engine_mfrs', pub, () => options.engineMfrs());
  app.get('/ymm/json/engine_family_sizes', pub, (req) =>
    options.engineFamilies(parse(engineFamiliesQuerySchema, req.query).EngineMfrID),
  );
  app.get('/ymm/json/engine_sizes', pub, (req) => {
    const q = parse(engineSizesQuerySchema, req.query);
    return options.engineSizes(q.EngineMfrID, q.EngineFamilyID);
  });

  app.get('/ymm/json/validateFitment', pub, (req) => {
    const q = parse(validateFitmentQuerySchema, req.query);
    return fitment.validateFitment(cookieOf(req), q.Parts, q.add);
  });

  app.get('/ymm/json/saveVehicle', pub, async (req, reply) => {
    const items = parse(saveVehicleQuerySchema, req.query);
    const r = await fitment.saveVehicle(cookieOf(req), items);
    applyCookie(reply, r.cookie);
    return r.reply;
  });
  app.get('/ymm/json/reset', pub, async (req, reply) => {
    const r = await fitment.reset(cookieOf(req));
    applyCookie(reply, r.cookie);
    return r.reply;
  });
  app.get('/ymm/json/remove_facet', pub, (req) =>
    fitment.removeFacet(cookieOf(req), parse(removeFacetQuerySchema, req.query).remove),
  );
  app.get('/ymm/json/toggle_universal', pub, async (req, reply) => {
    const r = await fitment.toggleUniversal(cookieOf(req));
    applyCookie(reply, r.cookie);
    return r.reply;
  });

  // A read despite the POST (the spec's form body): CSRF still applies to signed-in callers, whose
  // client echoes the token on every POST.
  app.post('/ymm/json/getCatalogDetails', pub, (req) =>
    fitment.catalogDetails(cookieOf(req), parse(catalogDetailsBodySchema, req.body ?? {})),
  );

  app.get('/catalog/index.php', pub, (req) => {
    const route = (req.query as { route?: unknown }).route;
    const name = typeof route === 'string' ? /^ymm\/json\/(years|makes|models|choices)$/.exec(route)?.[1] : undefined;
    if (!name)
      throw notFound(`No such call: /catalog/index.php?route=${typeof route === 'string' ? route.slice(0, 60) : ''}`);
    return lists[name as keyof typeof lists](req);
  });
}
