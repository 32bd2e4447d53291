/** The General tab of the customer admin screen (also /pos/customer/add): built on its own branch (issue 20). */
import type { Customer } from '../../../domain/mutations/records';

export function GeneralTab(_props: { customer: Customer | null }) {
  return <p>Not available yet</p>;
}
