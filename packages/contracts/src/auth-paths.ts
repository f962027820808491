/**
 * The sign-in and session paths on their own, free of zod: the login page's script calls them with
 * nothing else of the contracts loaded (the page stays small); `login` and `readAuthUser` in
 * auth-routes.ts are the routes' full contracts.
 */
export const LOGIN_PATH = '/api/login';

/** Who is signed in: the login page's script asks it whether a session is already live. */
export const AUTH_USER_PATH = '/api/auth/user';
