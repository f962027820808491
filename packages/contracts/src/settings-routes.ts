// The product settings every screen reads (no secrets).

import { route } from './route.ts';
import { appSettingsSchema } from './settings.ts';

export const getSettings = route({
  method: 'get',
  path: '/api/settings',
  summary: "Product settings the client reads (the assistant's name)",
  access: 'signed-in',
  responses: { 200: { description: 'The settings', schema: appSettingsSchema } },
});
