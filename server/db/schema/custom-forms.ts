/**
 * Custom forms, their submissions, schedule-appointment requests and spent captcha challenges
 * (migration 0028-e; docs/decisions/storefront.md "Custom forms"). Server-only: never versioned or pulled.
 */
import type { ColumnType, Generated } from 'kysely';
import type { GeneratedJson, GeneratedTimestamp, Json, NullableTimestamp, Timestamp } from './columns';

export interface CustomFormsTable {
  form_id: ColumnType<number, number | undefined, never>;
  slug: string;
  name: string;
  form_data: GeneratedJson<Record<string, unknown>>;
  status: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface CustomFormFieldsTable {
  field_id: ColumnType<number, number | undefined, never>;
  form_id: number;
  type: string;
  label_text: Generated<string>;
  placeholder_text: Generated<string>;
  required: Generated<boolean>;
  options: GeneratedJson<string[]>;
  sort_index: Generated<number>;
}

export interface FormSubmissionsTable {
  id: string;
  form_id: number;
  origin_url: Generated<string>;
  submission_values: Json<Record<string, string | string[]>>;
  location_id: number | null;
  recipient: string;
  notification_id: string | null;
  actor_id: string;
  created_at: GeneratedTimestamp;
}

export interface AppointmentRequestsTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  vehicle: Generated<string>;
  /** The shop's local date, "YYYY-MM-DD" (read as text: see the service). */
  preferred_date: ColumnType<string, string, string>;
  preferred_time: string;
  location_id: number;
  message: Generated<string>;
  status: ColumnType<'requested' | 'booked' | 'dismissed', 'requested' | 'booked' | 'dismissed' | undefined>;
  actor_id: string;
  created_at: GeneratedTimestamp;
  handled_by: string | null;
  handled_at: NullableTimestamp;
}

export interface CaptchaSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface CustomFormTables {
  custom_forms: CustomFormsTable;
  custom_form_fields: CustomFormFieldsTable;
  form_submissions: FormSubmissionsTable;
  appointment_requests: AppointmentRequestsTable;
  captcha_spent: CaptchaSpentTable;
}
