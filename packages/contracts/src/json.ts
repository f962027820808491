import { z } from 'zod';

/**
 * Any JSON value, as the API answers it. One shared instance: the schema is recursive, and the API's
 * OpenAPI document can describe it only by a name it refers to (`JsonValue`).
 */
export const anyJsonSchema = z.json();
