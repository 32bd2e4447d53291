/** Continue Order (pos-back-office.md §5): exactly one selected order. */
import { z } from 'zod';

export const CONTINUE_ORDER_MESSAGE = 'Invalid Selection: Please select one order to continue';

export const continueOrderSchema = z.array(z.string()).length(1, CONTINUE_ORDER_MESSAGE);
