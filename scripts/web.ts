/** One production web server: `npm run web`. Needs DATABASE_URL (and REDIS_URL unless local). */
import { log } from "../app/server/platform/logger.server";
import { loadEnvOrExit, onShutdownSignal, startTimer } from "../app/server/platform/process.server";
import { redis, warnUnlessNoEviction } from "../app/server/platform/redis.server";
import { createWebServer } from "../app/server/web/web.server";

const startup = startTimer();
startup.step("code");
process.env.NODE_ENV ??= "production";
const config = loadEnvOrExit();
const server = await createWebServer(config);
startup.step("app build");
const { url } = await server.listen().catch((error: NodeJS.ErrnoException) => {
  if (error.code !== "EADDRINUSE") throw error;
  // Another program got the port: say so plainly instead of a stack trace.
  log.error(`web: port ${config.PORT} on ${config.HOST} is already in use by another program; set PORT to a free one (PORT=${config.PORT + 1})`);
  process.exit(1);
});
startup.step("listen");
log.info(`web: listening on ${url}`, { pid: process.pid, mode: config.NODE_ENV });
startup.done();
warnUnlessNoEviction(redis(), "web");
onShutdownSignal("web", () => server.close());
