import type { SmsPreference } from '@annie/contracts/contacts';

/** How each response preference reads in menus and selects. */
export const SMS_PREFERENCE_LABEL: Record<SmsPreference, string> = {
  auto_respond: 'Auto-respond',
  ask_first: 'Ask first',
  never_respond: 'Never respond',
};
