// Sign-in: the login and logout routes and the login rate limits they run under.
export { authRoutes } from './auth.routes.ts';
export { LoginRateLimiter } from './login-rate-limiter.ts';
