/** Apply a PO number to chosen products of an editable order, or to all of them. */
import { refuse } from '../refusal';
import type { MutationArgs } from './catalogue';
import { assertEditable, isRefusal, LINE_NOT_FOUND, requireOrder } from './guards';
import { applied, type Mutator } from './types';

export const applyPoNumber: Mutator<MutationArgs<'poNumber.apply'>> = (state, args, ctx) => {
  const order = requireOrder(state.order, args.order_ref);
  if (isRefusal(order)) return order;
  const locked = assertEditable(order);
  if (locked) return locked;
  const takesPo = (kind: string): boolean => kind === 'product' || kind === 'custom';
  const targets = new Set(
    args.apply_to_all ? order.lines.filter((l) => takesPo(l.kind)).map((l) => l.id) : args.line_ids,
  );
  if (targets.size === 0) return refuse('invalid_args', 'Select a product for the PO Number');
  for (const id of targets) {
    const line = order.lines.find((l) => l.id === id);
    if (!line || !takesPo(line.kind)) return refuse('line_not_found', LINE_NOT_FOUND);
  }
  const lines = order.lines.map((l) => (targets.has(l.id) ? { ...l, po_number: args.po_number } : l));
  return applied({ order: { ...order, lines, updated_at: ctx.now } });
};
