/** The Returns tab of the customer admin screen: built on its own branch (issue 20). */
import type { CustomerTabProps } from '../tab-props';

export function ReturnsTab(_props: CustomerTabProps) {
  return <p>Not available yet</p>;
}
