// Imported first by main.tsx, before any schema is built. zod 4 probes `new Function('')` to decide whether to compile
// its parsers; the Content-Security-Policy forbids eval (script-src 'self'), so the probe only logs a CSP violation on
// every page. jitless skips the probe and uses the interpreter, which is what runs under the policy anyway.
import { config } from 'zod/v4/core';

config({ jitless: true });
