/** One production web server: `npm run web`. Needs DATABASE_URL (and REDIS_URL unless local). */
import { log } from "../app/server/logger.server";
import { loadEnvOrExit, onShutdownSignal } from "../app/server/process.server";
import { createWebServer } from "../app/server/web.server";

process.env.NODE_ENV ??= "production";
const config = loadEnvOrExit();
const server = await createWebServer(config);
const { url } = await server.listen();
log.info(`web: listening on ${url}`, { pid: process.pid, mode: config.NODE_ENV });
onShutdownSignal("web", () => server.close());
