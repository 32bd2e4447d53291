import * as z from 'zod/mini';

// zod/mini: read by the shell's insecure-origin notice, which may show on the storefront's first page.
/** GET /setup/https-address: this shop's https address for the host asked, or null when it has none. */
export const httpsAddressReplySchema = z.object({ url: z.nullable(z.string()) });
export type HttpsAddressReply = z.infer<typeof httpsAddressReplySchema>;
