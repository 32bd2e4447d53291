/**
 * The mutators by name, for the sync engine (client, optimistic) and the server (authoritative).
 * `runMutation` parses raw args with the catalogue schema first, so both runtimes refuse bad
 * input the same way.
 */
import { refuse } from '../refusal';
import { mutationArgs, type MutationArgs, type MutationName } from './catalogue';
import {
  addCoreReturn,
  addCustomProduct,
  addLabor,
  addProduct,
  addVoucher,
  removeLine,
  setQuantity,
  updateLabor,
  updatePrice,
} from './cart';
import { addCredit } from './credit';
import { createCustomer, updateCustomer } from './customer';
import { setCustomerTags } from './customer-tags';
import { addCustomerHistory, addOrderHistory } from './history';
import {
  completeOrder,
  createOrder,
  quoteOrder,
  removeCustomer,
  saveOrder,
  setCustomer,
  submitKioskOrder,
  voidOrder,
} from './order';
import { applyPoNumber } from './po-number';
import { sendReceipt } from './receipt';
import { addTerminalTransaction, addTransaction, voidAll, voidAtTerminal, voidTransaction } from './transactions';
import { bookAppointment, cancelAppointment, moveAppointment, setAppointmentStatus } from './appointment';
import { createVehicle, deleteVehicle, updateVehicle } from './vehicle';
import { returnAtTerminal, returnOrder } from './returns';
import { submitKioskOrderWhole } from './kiosk';
import type { Mutator, MutatorContext, MutatorResult, MutatorState } from './types';

export type MutatorMap = { [N in MutationName]: Mutator<MutationArgs<N>> };

export const mutators: MutatorMap = {
  'order.create': createOrder,
  'cart.addProduct': addProduct,
  'cart.addCoreReturn': addCoreReturn,
  'cart.addCustomProduct': addCustomProduct,
  'cart.addLabor': addLabor,
  'cart.updateLabor': updateLabor,
  'cart.setQuantity': setQuantity,
  'cart.updatePrice': updatePrice,
  'cart.removeLine': removeLine,
  'cart.addVoucher': addVoucher,
  'order.setCustomer': setCustomer,
  'order.removeCustomer': removeCustomer,
  'order.save': saveOrder,
  'order.quote': quoteOrder,
  'order.submitKiosk': submitKioskOrder,
  'kiosk.submitOrder': submitKioskOrderWhole,
  'order.complete': completeOrder,
  'order.void': voidOrder,
  'transaction.add': addTransaction,
  'transaction.void': voidTransaction,
  'transaction.voidAll': voidAll,
  'transaction.addTerminal': addTerminalTransaction,
  'transaction.voidAtTerminal': voidAtTerminal,
  'orderHistory.add': addOrderHistory,
  'receipt.send': sendReceipt,
  'poNumber.apply': applyPoNumber,
  'appointment.book': bookAppointment,
  'appointment.move': moveAppointment,
  'appointment.setStatus': setAppointmentStatus,
  'appointment.cancel': cancelAppointment,
  'customer.create': createCustomer,
  'customer.update': updateCustomer,
  'customer.setTags': setCustomerTags,
  'vehicle.create': createVehicle,
  'vehicle.update': updateVehicle,
  'vehicle.delete': deleteVehicle,
  'credit.add': addCredit,
  'customerHistory.add': addCustomerHistory,
  'order.return': returnOrder,
  'order.returnAtTerminal': returnAtTerminal,
};

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(mutationArgs, name);
}

/** Look up by name, parse raw args, run. Unknown names and malformed args are refusals (invalid_args). */
export function runMutation(name: string, state: MutatorState, rawArgs: unknown, ctx: MutatorContext): MutatorResult {
  if (!isMutationName(name)) return refuse('invalid_args', `Unknown mutation: ${name}`);
  const parsed = mutationArgs[name].safeParse(rawArgs);
  if (!parsed.success) return refuse('invalid_args', parsed.error.issues[0]?.message ?? 'Invalid input');
  const run = mutators[name] as Mutator<unknown>;
  return run(state, parsed.data, ctx);
}
