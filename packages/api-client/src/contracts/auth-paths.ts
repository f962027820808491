/**
 * The sign-in path on its own, free of zod: the login page's script calls it with nothing else of the
 * contracts loaded (the page stays small); `login` in auth-routes.ts is the route's full contract.
 */
export const LOGIN_PATH = '/api/login';
