/**
 * Every mutation name the server can apply. A name missing here is answered 422
 * `unsupported_mutation` without advancing the client's sequence, so the mutation waits in the
 * device's queue for a server that knows it instead of being lost as "rejected".
 */
import { customerAppliers } from './customers';
import { appointmentAppliers } from './appointments';
import { historyAppliers } from './history';
import { orderAppliers } from './orders';
import { paymentAppliers } from './payments';
import { returnAppliers } from './returns';
import type { ApplierMap } from './types';
import { customerHistoryAppliers } from './customer-history';
import { kioskAppliers } from './kiosk';
import { customerTagAppliers } from './customer-tags';

export const defaultAppliers: ApplierMap = {
  ...orderAppliers,
  ...paymentAppliers,
  ...customerAppliers,
  ...historyAppliers,
  ...appointmentAppliers,
  ...returnAppliers,
  ...customerHistoryAppliers,
  ...kioskAppliers,
  ...customerTagAppliers,
};
