import type { SecretHasher } from '../../security/secret-hasher.ts';

/**
 * The checkout link's sign_key: a keyed hash of the order id (unguessable without the server's key), so a repeated
 * merchant create can answer the same link without the key being stored; the table keeps only a keyed hash of the
 * key itself, which finds the order and is useless to whoever reads the database.
 */
export class CheckoutKeys {
  constructor(private readonly hasher: SecretHasher) {}

  signKey(orderId: string): string {
    return this.hasher.hash('commerce-sign-key', orderId);
  }

  lookupHash(signKey: string): string {
    return this.hasher.hash('commerce-sign-key-lookup', signKey);
  }
}
