/** PO numbers (pos-back-office.md §5, §8). */
import { z } from 'zod';
import type { OrderLine } from '../mutations/records';

export const PO_NUMBER_REQUIRED_MESSAGE = 'Please add a PO Number to each product before completing check out';
export const PO_NUMBER_ADDED = 'PO Number added successfully.';
export const PO_NUMBER_FAILED = 'Error adding PO Number';
export const PO_NUMBER_EMPTY = 'Please enter a PO Number';

export const poNumberFormSchema = z.object({
  po_number: z.string().trim().min(1, PO_NUMBER_EMPTY).max(64),
  apply_to_all: z.boolean().default(false),
});

/** Products (not labor or vouchers) without a PO number. */
export function linesMissingPoNumber(lines: readonly OrderLine[]): OrderLine[] {
  return lines.filter((l) => (l.kind === 'product' || l.kind === 'custom') && (l.po_number ?? '').trim() === '');
}

/** The completion message when PO numbers are required and some product lacks one, else null. */
export function poNumberRequirement(lines: readonly OrderLine[], required: boolean): string | null {
  return required && linesMissingPoNumber(lines).length > 0 ? PO_NUMBER_REQUIRED_MESSAGE : null;
}
