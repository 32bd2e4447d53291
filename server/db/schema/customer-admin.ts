/** The customer admin screen's IP addresses, IP bans and tags (migration 0026-i-customer-ips-tags). */
import type { GeneratedTimestamp, Id, Version } from './columns';

export interface CustomerIpsTable {
  customer_ip_id: Id;
  customer_ref: string;
  /** Canonical text (server/services/customers/ip-address.ts). */
  ip: string;
  date_added: GeneratedTimestamp;
  last_seen: GeneratedTimestamp;
}

export interface BannedIpsTable {
  ip: string;
  actor_id: string;
  date_added: GeneratedTimestamp;
}

export interface CustomerTagsTable {
  tag_id: Id;
  title: string;
  date_added: GeneratedTimestamp;
  /** Since migration 0029-i: pulled to staff devices. */
  version: Version;
}

export interface CustomerTagAssignmentsTable {
  customer_ref: string;
  tag_id: number;
  /** Since migration 0029-i: pulled to staff devices (key `customer_ref:tag_id`). */
  version: Version;
}

export interface CustomerAdminTables {
  customer_ips: CustomerIpsTable;
  banned_ips: BannedIpsTable;
  customer_tags: CustomerTagsTable;
  customer_tag_assignments: CustomerTagAssignmentsTable;
}
