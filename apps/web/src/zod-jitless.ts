// Imported first by main.tsx, before any schema is built. zod 4 probes `new Function('')` to decide whether to compile
// its parsers; the Content-Security-Policy forbids eval (script-src 'self'), so the probe only logs a CSP violation on
// every page. `jitless` skips the probe and uses the interpreter, which is what runs under the policy anyway.
// Set through the global object zod keeps its config in (shared by every copy of zod) rather than `config()` from
// 'zod/v4/core': importing that pulls ~3 kB brotli of zod into the entry chunk, which otherwise has none.
// zod-jitless.test.ts checks zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
