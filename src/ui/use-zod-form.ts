import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/v4/core';

export interface ZodFormOptions {
  /**
   * Hand the submit handler the values as typed (the schema only checks them) instead of the
   * schema's output, for a form whose call parses the body itself.
   */
  raw: true;
}

export type ZodForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** The first message the schema gave for `name` at the last submit (the spec's wording), or undefined. */
  error: (name: FieldPath<In>) => string | undefined;
  /** `register(name)` plus its `error`, to spread on a `TextField`/`SelectField`. */
  field: <N extends FieldPath<In>>(name: N, options?: RegisterOptions<In, N>) => ReturnType<UseFormReturn<In>['register']> & { error: string | undefined };
};

/**
 * The one form pattern (docs/style.md "Dependencies"): react-hook-form over a zod schema from
 * src/domain/forms or src/contracts. The form holds what its inputs hold (`defaultValues`, mostly
 * strings); the schema parses that at submit and the handler gets its output. Messages appear when the form is submitted and stay until
 * the next submit (`reValidateMode: 'onSubmit'`), one per field: the first issue the schema
 * reports for that path, worded by the schema.
 */
export function useZodForm<In extends FieldValues, Out>(schema: z.$ZodType<Out, FieldValues>, defaultValues: In): ZodForm<In, Out>;
export function useZodForm<In extends FieldValues>(schema: z.$ZodType<unknown, FieldValues>, defaultValues: In, options: ZodFormOptions): ZodForm<In, In>;
export function useZodForm<In extends FieldValues, Out>(schema: z.$ZodType<Out, FieldValues>, defaultValues: In, options?: ZodFormOptions): ZodForm<In, Out> {
  const resolver = options?.raw ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema);
  const form = useForm<In, unknown, Out>({
    // With `raw` the handler gets the typed values (the overload above types them as `In`).
    resolver: resolver as unknown as NonNullable<Parameters<typeof useForm<In, unknown, Out>>[0]>['resolver'],
    defaultValues: defaultValues as DefaultValues<In>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const error = (name: FieldPath<In>): string | undefined => get<unknown, { message?: string } | undefined>(form.formState.errors, name)?.message;
  return {
    ...form,
    error,
    field: (name, opts) => ({ ...form.register(name, opts), error: error(name) }),
  };
}
