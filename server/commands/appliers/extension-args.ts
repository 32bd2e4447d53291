/**
 * What an applier extension whose write depends on the mutation's args shares: the args kept per
 * mutator state between `load` and `write` (a WeakMap, so they go with the state), and the
 * notification fields a form of those args names.
 */
import type { MutationArgs, MutationName } from '../../../src/domain/mutations/catalogue';
import type { Refusal } from '../../../src/domain/refusal';
import type { ApplierExtension } from './domain-applier';

type Write = ApplierExtension['write'];

/** An extension whose `write` gets the args `load` saw; without them it writes nothing. */
export function withArgs<N extends MutationName>(
  write: (args: MutationArgs<N>, ...rest: Parameters<Write>) => Promise<Refusal | null>,
): ApplierExtension {
  const argsOf = new WeakMap<object, MutationArgs<N>>();
  return {
    load(state, args) {
      argsOf.set(state, args as MutationArgs<N>);
      return Promise.resolve();
    },
    write(state, changes, ctx) {
      const args = argsOf.get(state);
      return args ? write(args, state, changes, ctx) : Promise.resolve(null);
    },
  };
}

/** The notify fields of a form's args, as queueNotifications takes them. */
export const notifyForm = (args: {
  notify_by_email: boolean;
  email: string;
  notify_by_text: boolean;
  phone: string;
}) => ({
  notifyByEmail: args.notify_by_email,
  email: args.email,
  notifyByText: args.notify_by_text,
  phone: args.phone,
});
