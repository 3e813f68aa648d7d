import { createHmac } from 'node:crypto';

/**
 * A keyed hash (HMAC-SHA256 under the API's secret) of a value, under a label of what it is: the same value gives the
 * same hash, nobody without the key can tell which value it was, and two kinds of value never share a hash.
 */
export const keyedHash = (secret: string, label: string, value: string) =>
  createHmac('sha256', secret).update(`${label}\n${value}`).digest('base64url');
