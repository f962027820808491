import { describe, expect, it } from 'vitest';
import { isStatusForward } from './sms-status-order.ts';

describe('isStatusForward', () => {
  it('moves queued → sent → delivered → read', () => {
    expect(isStatusForward('queued', 'sent')).toBe(true);
    expect(isStatusForward('sent', 'delivered')).toBe(true);
    expect(isStatusForward('delivered', 'read')).toBe(true);
  });

  it('never lets a late status overwrite a later one', () => {
    expect(isStatusForward('delivered', 'sent')).toBe(false);
    expect(isStatusForward('delivered', 'delivered')).toBe(false);
    expect(isStatusForward('failed', 'delivered')).toBe(false);
    expect(isStatusForward('sent', 'queued')).toBe(false);
  });
});
