/** Composition of the staff cart and POS order services for app.ts: one call, the defaults production uses. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SyncOptions } from '../../sync/create';
import { FitmentService } from '../fitment/fitment-service';
import { VEHICLE_COOKIE } from '../fitment/fitment-vehicle-store';
import type { YmmVehicle } from './pos-cart-reply';
import { PosCommands } from './pos-commands';
import { PosOrderService } from './pos-order-service';
import { StaffCartService } from './staff-cart-service';

export interface PosServices {
  cart: StaffCartService;
  orders: PosOrderService;
  /** The browser's current YMM selection (the pd_vehicle fitment cookie), shown as the cart's ymm_vehicle. */
  ymm(req: FastifyRequest): Promise<YmmVehicle>;
}

/** `sync`: the same appliers, settings and clock the sync push runs with, so both paths agree. */
export function createPosServices(db: Kysely<DB>, sync: SyncOptions = {}): PosServices {
  const commands = new PosCommands(db, sync);
  const fitment = new FitmentService(db);
  return {
    cart: new StaffCartService(commands),
    orders: new PosOrderService(commands),
    async ymm(req) {
      const v = await fitment.getVehicle(req.cookies[VEHICLE_COOKIE]);
      return v.label === '' ? null : { label: v.label, facets: v.facets };
    },
  };
}
