/**
 * Version of the wire contract between the PWA and the server. Bump on every incompatible change
 * and add a line below, so an old client can be told to reload instead of misreading a reply.
 *
 * Changelog
 * 1. First contract: session, health, product listing, order listing, errors.
 * 2. Sync: POST /sync/push (mutation batches, per-client ids, mutation_gap) and GET /sync/pull
 *    (cookie paging, tombstones, lastMutationId, needsFullSync); see sync-push.ts, sync-pull.ts.
 *    Additive since, same number (old clients and servers ignore the new optional fields):
 *    - epoch on push/pull replies (server restore);
 *    - device prefix: `devicePrefix` on push requests and push/pull replies, `prefix` on the pull
 *      query; the device numbers offline orders with it (order.create device_ref "C2-0042");
 *    - GET /sync/poke (sync-poke.ts): a staff device's live "pull now" stream;
 *    - `location_id` on order.create args and on pulled orders (the store whose tax rates apply;
 *      an old client omits it and the server stamps the staff member's store anyway), and
 *      `location_id`/`zone_code` on pulled tax_rates rows (docs/decisions/domain.md "Tax rates by location");
 *    - the invoice call's `footer`, `Refund Due` label and a voided order's status text (issue 19);
 *    - the mutation `receipt.send` (a receipt emailed/texted offline; an older server answers 422
 *      unsupported_mutation and it waits in the queue);
 *    - `catalogParts` on the first page of a pull from 0 (the download bar's "of 20,000 parts");
 *    - the mutation `kiosk.submitOrder` (a kiosk's Submit to Buy, pushed by the kiosk account; an
 *      older server answers 422 unsupported_mutation and it waits in the queue);
 *    - `fulfilment_location_id` on pulled orders that are online orders (the store that fills one:
 *      the Online tab's store filter offline; an older client ignores it, a row without it is listed
 *      at every counter: docs/decisions/pos.md "Online orders at the counter");
 *    - `online` on pulled orders that are online orders (fulfilment, printed shipping address, the
 *      shipping line, the shopper's email and telephone: the pick list offline; an older client
 *      ignores it: docs/decisions/pos.md "The pick list offline");
 *    - the mutation `customer.setTags` and, for staff, the pulled tables `customer_tags` and
 *      `customer_tag_assignments` (the Tags tab offline; an older server answers 422
 *      unsupported_mutation and the save waits in the queue, an older client ignores the tables:
 *      docs/decisions/pos.md "Customer tags offline").
 */
export const PROTOCOL_VERSION = 2;
