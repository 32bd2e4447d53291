/**
 * What the engine needs of the mutation catalogue: validate args, run a mutator. The default is
 * the domain's (src/domain/mutations); tests may pass their own to exercise the engine alone.
 */
import { mutationArgs } from '../src/domain/mutations/catalogue';
import { isMutationName, runMutation } from '../src/domain/mutations/registry';
import type { MutatorContext, MutatorResult, MutatorState } from '../src/domain/mutations/types';
import { refuse, type Refusal } from '../src/domain/refusal';

export interface MutationRegistry {
  /** Parsed args (defaults filled, money normalised) or the refusal the form should show. */
  validate(name: string, args: unknown): { ok: true; args: unknown } | Refusal;
  run(name: string, state: MutatorState, args: unknown, ctx: MutatorContext): MutatorResult;
}

export const domainRegistry: MutationRegistry = {
  validate(name, args) {
    if (!isMutationName(name)) return refuse('invalid_args', `Unknown mutation: ${name}`);
    const parsed = mutationArgs[name].safeParse(args);
    if (!parsed.success) return refuse('invalid_args', parsed.error.issues[0]?.message ?? 'Invalid input');
    return { ok: true, args: parsed.data };
  },
  run: runMutation,
};
