/**
 * The longest username the product accepts: at login (a longer one is a 400 before any lookup), when a
 * user is created, and as the login field's maxLength. Kept apart from the zod contracts so the login
 * screen can use it without loading zod.
 */
export const USERNAME_MAX_LENGTH = 64;
