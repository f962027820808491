// Sign-in: the login and logout routes, and the limits every check of an account password runs under.

export { type AccountPasswordCheck, accountPasswordCheck } from './account-password-check.ts';
export { authRoutes } from './auth.routes.ts';
export { authRetention } from './auth-retention.queries.ts';
export { PasswordAttemptLimiter, passwordAttemptLimiter } from './password-attempt-limiter.ts';
