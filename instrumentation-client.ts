import { config } from "zod/v4/core";

// Runs in the browser before the app's modules (Next.js loads it ahead of hydration). Pages allow
// no eval (their Content-Security-Policy, proxy.ts); zod compiles object parsers with
// `new Function` where it may, and its probe for that shows up as a policy violation even though
// zod catches it. The forms' schemas parse without compiling instead. The setting lives in zod's
// core, which its API reads: importing only that keeps the rest of zod off pages that parse nothing.
config({ jitless: true });
