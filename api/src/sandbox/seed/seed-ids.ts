import { createHash } from 'node:crypto';

/**
 * The same UUID for the same tenant and sample every time (a name-based UUID, RFC 9562 version 8), so
 * seeding again finds the rows it made instead of adding copies.
 */
export function seedUuid(tenantId: string, key: string): string {
  const bytes = createHash('sha256')
    .update(`annie-sandbox-seed\0${tenantId}\0${key}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A Twilio-shaped message sid for a seeded text (SM + 32 hex digits), stable per tenant and sample. */
export function seedMessageSid(tenantId: string, key: string): string {
  return `SM${seedUuid(tenantId, key).replaceAll('-', '')}`;
}
