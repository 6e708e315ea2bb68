/**
 * Process-wide clients (database pool, Redis connection, queues, mailer, ...) kept on
 * globalThis: a dev rebuild re-evaluates every module, and the Express server and the Remix
 * build each load their own copy of a module, yet all must share one client.
 */
const registry = globalThis as unknown as { __linkwiseSingletons?: Map<string, unknown> };

function entries(): Map<string, unknown> {
  registry.__linkwiseSingletons ??= new Map();
  return registry.__linkwiseSingletons;
}

/**
 * The value stored under `name`, made by `create` on first use. Call it where the client is
 * needed, not at module load, so environment errors surface on use. One name, one type.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = entries();
  if (store.has(name)) return store.get(name) as T;
  const value = create();
  store.set(name, value);
  return value;
}

/**
 * Forgets `name` and hands back what was stored (to close it); the next `singleton(name, ...)`
 * makes a fresh one. Close and reset functions use this.
 */
export function dropSingleton<T>(name: string): T | undefined {
  const store = entries();
  const value = store.get(name) as T | undefined;
  store.delete(name);
  return value;
}
