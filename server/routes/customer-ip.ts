/**
 * The IP Addresses tab's calls (pos-back-office.md §7 "GET /api/customer_ip; POST
 * /api/customer_ip/add and /remove?customer_id={id} with ip"; the IP-geolocation lookup), staff
 * only: add bans the address, remove lifts the ban (docs/decisions/pos.md "Customer IP addresses
 * and tags"). The address must be one the named customer was seen at.
 */
import type { FastifyInstance } from 'fastify';
import { allow } from '../auth/permissions';
import { staffActor } from '../commands/actor';
import { parse } from '../http/parse';
import type { CustomerIpService } from '../services/customers/customer-ip-service';
import {
  customerIpBodySchema,
  customerIpListQuerySchema,
  customerIpLocationQuerySchema,
  customerIpQuerySchema,
} from '../../src/contracts/customer-ip';

export function customerIpRoutes(app: FastifyInstance, ips: CustomerIpService): void {
  app.get('/api/customer_ip', { config: { access: allow('customer.read') } }, (req) =>
    ips.list(parse(customerIpListQuerySchema, req.query ?? {})),
  );
  app.post('/api/customer_ip/add', { config: { access: allow('customer.edit') } }, (req) => {
    const q = parse(customerIpQuerySchema, req.query ?? {});
    return ips.ban(staffActor(req.user), q.customer_id, parse(customerIpBodySchema, req.body ?? {}).ip);
  });
  app.post('/api/customer_ip/remove', { config: { access: allow('customer.edit') } }, (req) => {
    const q = parse(customerIpQuerySchema, req.query ?? {});
    return ips.unban(q.customer_id, parse(customerIpBodySchema, req.body ?? {}).ip);
  });
  // §7 "External IP-geolocation lookup by ip returns ip, city, region, country", through the adapter.
  app.get('/api/customer_ip/location', { config: { access: allow('customer.read') } }, (req) => {
    const q = parse(customerIpLocationQuerySchema, req.query ?? {});
    return ips.locate(q.customer_id, q.ip);
  });
}
