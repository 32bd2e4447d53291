/** What every tab of the customer admin screen (/pos/customer/edit) receives. */
import type { Customer } from '../../domain/mutations/records';

export interface CustomerTabProps {
  /** The customer as this device has it (a customer found only on the server is pulled first). */
  customer: Customer;
}
