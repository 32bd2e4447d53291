/** A picture of a customer history entry queued on this device, kept until the server has it (history-images.ts). */
export interface StagedImage {
  /** The entry's uuid (the mutation's `id`): the upload is keyed by it, so a retry stores it once. */
  id: string;
  customer_ref: string;
  blob: Blob;
  /** Set when the server answered the upload: 'stored', or its refusal message (the push then shows the entry's refusal). */
  uploaded?: 'stored' | { refused: string };
}
