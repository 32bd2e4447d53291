import { httpsAddressReplySchema, type HttpsAddressReply } from '../contracts/https-address';
import { request } from './http';

/** GET /setup/https-address: this shop's secure address for the host the page was opened by. */
export function getHttpsAddress(signal?: AbortSignal): Promise<HttpsAddressReply> {
  return request('/setup/https-address', httpsAddressReplySchema, { signal });
}
