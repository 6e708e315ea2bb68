/**
 * Run before any module script: zod decides whether to compile its object parsers with
 * `new Function` when each schema is defined, and probes for eval to find out. Our CSP forbids
 * eval, so the probe alone is a violation Chrome reports (and Lighthouse counts). zod reads this
 * global config at load, so setting it first keeps every schema on the interpreter in the browser.
 */
export const ZOD_JITLESS_SCRIPT = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";
