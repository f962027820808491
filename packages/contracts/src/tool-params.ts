import { z } from 'zod';

/**
 * A text parameter of a tool as the model fills it in: trimmed, required unless made `.optional()`, at
 * most `max` characters, each refusal naming the field (the model reads it and retries). Every tool
 * registry builds its text parameters with it, the voice tools, the workspace tools and the front desk.
 */
export const toolText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);
