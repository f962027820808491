import { z } from 'zod';

/** Answer of GET /api/settings: product settings every screen reads (no secrets). */
export const appSettingsSchema = z.object({
  /** The spoken persona's first name, e.g. the "James" label in conversation history. */
  assistantName: z.string().min(1),
});

export type AppSettings = z.infer<typeof appSettingsSchema>;
