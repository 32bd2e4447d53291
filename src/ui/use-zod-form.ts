import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';

export interface ZodFormOptions<In> {
  /**
   * Hand the submit handler the values as typed (the schema only checks them) instead of the
   * schema's output, for a form whose call parses the body itself.
   */
  raw?: boolean;
  /**
   * What the schema is given, when it is not the values as typed (a blank select read as "0", a
   * part of the form the shop's settings leave out). Issue paths must still name form fields.
   */
  toInput?: (values: In) => unknown;
  /** 'onChange' re-checks a field as it changes once the form was submitted (the sign-in forms). */
  reValidateMode?: 'onSubmit' | 'onChange';
}

export type ZodForm<In extends FieldValues, Out> = UseFormReturn<In, unknown, Out> & {
  /** The first message the schema gave for `name` at the last submit (the spec's wording), or undefined. */
  error: (name: FieldPath<In>) => string | undefined;
  /** `register(name)` plus its `error`, to spread on a `TextField`/`SelectField`. */
  field: <N extends FieldPath<In>>(
    name: N,
    options?: RegisterOptions<In, N>,
  ) => ReturnType<UseFormReturn<In>['register']> & { error: string | undefined };
};

/**
 * The one form pattern (docs/style.md "Dependencies"): react-hook-form over a zod schema from
 * src/domain/forms or src/contracts. The form holds what its inputs hold (`defaultValues`, mostly
 * strings); the schema parses that at submit and the handler gets its output. Messages appear when the form is submitted and stay until
 * the next submit (unless `reValidateMode: 'onChange'`), one per field: the first issue the schema
 * reports for that path, worded by the schema.
 */
/**
 * A schema, or a loader of one: a form whose rules are a chunk of their own (the checkout's
 * address rules) loads them at its first check, i.e. at submit, not for its first paint.
 */
export type FormSchema<Out> = z.$ZodType<Out, FieldValues> | (() => Promise<z.$ZodType<Out, FieldValues>>);

export function useZodForm<In extends FieldValues>(
  schema: FormSchema<unknown>,
  defaultValues: In,
  options: ZodFormOptions<In> & { raw: true },
): ZodForm<In, In>;
export function useZodForm<In extends FieldValues, Out>(
  schema: FormSchema<Out>,
  defaultValues: In,
  options?: ZodFormOptions<In>,
): ZodForm<In, Out>;
export function useZodForm<In extends FieldValues, Out>(
  schema: FormSchema<Out>,
  defaultValues: In,
  options: ZodFormOptions<In> = {},
): ZodForm<In, Out> {
  const { raw = false, toInput, reValidateMode = 'onSubmit' } = options;
  const checker = (s: z.$ZodType<Out, FieldValues>) =>
    raw ? zodResolver(s, undefined, { raw: true }) : zodResolver(s);
  type Check = ReturnType<typeof checker>;
  const load: () => Promise<Check> =
    typeof schema === 'function' ? () => schema().then(checker) : () => Promise.resolve(checker(schema));
  // With `raw` the handler gets the typed values (the first overload types them as `In`).
  const resolver: Resolver<In, unknown, Out> = async (values, context, opts) => {
    const check = await load();
    return (await check(
      (toInput ? toInput(values) : values) as FieldValues,
      context,
      opts as Parameters<Check>[2],
    )) as Awaited<ReturnType<Resolver<In, unknown, Out>>>;
  };
  const form = useForm<In, unknown, Out>({
    resolver,
    defaultValues: defaultValues as DefaultValues<In>,
    mode: 'onSubmit',
    reValidateMode,
  });
  const error = (name: FieldPath<In>): string | undefined =>
    get<unknown, { message?: string } | undefined>(form.formState.errors, name)?.message;
  return {
    ...form,
    error,
    field: (name, opts) => ({ ...form.register(name, opts), error: error(name) }),
  };
}
