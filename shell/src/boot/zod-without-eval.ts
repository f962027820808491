import { z } from 'zod';

// The API's CSP has no 'unsafe-eval'. zod compiles an object's parser with `new Function` where it may, and
// finds out by trying once, which a strict CSP reports as a violation (a console error on every page load)
// even though zod catches the throw. Told up front, it parses without compiling and never tries. The
// shared zod is the shell's, so this holds for every remote too.
z.config({ jitless: true });
