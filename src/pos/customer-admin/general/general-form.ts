/**
 * The General tab's one form (react-hook-form over the customer form schema, src/domain/forms/
 * customer.ts, with the shop's flags and custom fields as this device pulled them): the same checks
 * and messages the customer.create / customer.update mutators apply on the device and the server.
 * Addresses use the admin address editor's required fields.
 */
import { useMemo } from 'react';
import type { FieldPath } from 'react-hook-form';
import { customerFormSchema, type CustomerForm } from '../../../domain/forms/customer';
import type { Customer } from '../../../domain/mutations/records';
import type { CustomFieldBinding } from '../../../features/pos-customer/custom-field-inputs';
import { useZodForm, type ZodForm } from '../../../ui/use-zod-form';
import { generalValues, toSchemaInput, type GeneralValues } from './form-values';
import type { GeneralSetup } from './use-general-setup';

export type GeneralForm = ZodForm<GeneralValues, CustomerForm> & { customBinding: CustomFieldBinding };

export function useGeneralForm(customer: Customer | null, setup: GeneralSetup): GeneralForm {
  const schema = useMemo(
    () =>
      customerFormSchema({
        requireEmail: setup.requireEmail,
        requireTelephone: setup.requireTelephone,
        requireAddress: setup.requireAddress,
        hasCustomerId: customer !== null,
        customFields: setup.customFields,
        adminAddresses: true,
      }),
    [customer, setup],
  );
  const form = useZodForm(schema, generalValues(customer, setup.customFields), { toInput: toSchemaInput });
  const path = (name: string) => name as FieldPath<GeneralValues>;
  const customBinding: CustomFieldBinding = {
    register: (name) => form.register(path(name)),
    value: (name) => form.watch(path(name)),
    set: (name, v) => form.setValue(path(name), v, { shouldDirty: true }),
    error: (name) => form.error(path(name)),
  };
  return Object.assign(form, { customBinding });
}
