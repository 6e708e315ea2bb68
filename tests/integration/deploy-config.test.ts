import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runEntry } from "../helpers/processes";
import { startWebServer } from "../helpers/web-server";

// `<<:` merge keys share the app services' settings.
const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true });
const dockerfile = readFileSync("Dockerfile", "utf8");
const dockerCompose = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
const hasCompose = dockerCompose.status === 0;
const APP_SERVICES = ["migrate", "web", "worker"];
const temp = mkdtempSync(path.join(tmpdir(), "linkwise-deploy-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * Runs a service's healthcheck command (`["CMD", ...argv]`) here, as Docker would in the container.
 * Asynchronously: the web server it checks runs in this very process.
 */
function runHealthcheck(service: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const [form, command, ...args] = compose.services[service].healthcheck.test as string[];
  expect(form).toBe("CMD");
  return new Promise((resolve) => {
    const child = spawn(command!, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("docker-compose.yml", () => {
  it("runs Postgres 16, a durable Redis 7, and migrate, web and worker against them", () => {
    expect(compose.services.postgres.image).toBe("postgres:16");
    expect(compose.services.redis.image).toBe("redis:7");
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(["--appendonly", "yes", "--maxmemory-policy", "noeviction"]));
    for (const name of APP_SERVICES) {
      expect(compose.services[name].environment.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(compose.services[name].environment.REDIS_URL).toBe("redis://redis:6379");
    }
    for (const name of ["web", "worker"]) expect(compose.services[name].depends_on.migrate.condition).toBe("service_completed_successfully");
  });

  it("builds the app image once and runs migrate, web and worker from it", () => {
    const building = Object.entries(compose.services).filter(([, service]) => (service as { build?: unknown }).build);
    expect(building.map(([name]) => name)).toEqual(["migrate"]);
    expect(compose.services.migrate.build).toBe(".");
    const image = compose.services.migrate.image;
    expect(image).toMatch(/^linkwise/);
    for (const name of ["web", "worker"]) {
      expect(compose.services[name].image).toBe(image);
      // Never pulled from a registry: it is the one migrate built.
      expect(compose.services[name].pull_policy).toBe("never");
    }
  });

  it("runs node itself under an init, so docker stop's SIGTERM reaches the process that drains", () => {
    // The bundles `npm run build` made (decision 062), as npm start runs them, without tsx.
    expect(compose.services.web.command).toEqual(["node", "--enable-source-maps", "build/web.js"]);
    expect(compose.services.worker.command).toEqual(["node", "--enable-source-maps", "build/worker.js"]);
    for (const name of APP_SERVICES) expect(compose.services[name].init).toBe(true);
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "build\/web\.js"\]$/m);
  });

  it("passes an optional .env to the app containers, keeping its own addresses, HOST and PORT", () => {
    for (const name of APP_SERVICES) {
      expect(compose.services[name].env_file).toEqual([{ path: ".env", required: false }]);
      // environment wins over env_file: a local .env's 127.0.0.1 addresses cannot leak in.
      expect(compose.services[name].environment).toMatchObject({ HOST: "0.0.0.0", PORT: "3000", NODE_ENV: "production" });
    }
  });

  it("publishes only the web port on the host (Redis and Postgres stay on the compose network)", () => {
    expect(compose.services.redis.ports).toBeUndefined();
    expect(compose.services.postgres.ports).toBeUndefined();
    expect(compose.services.web.ports).toEqual(["3000:3000"]);
  });

  it("lets the worker scale: no fixed container name and no published port", () => {
    expect(compose.services.worker.container_name).toBeUndefined();
    expect(compose.services.worker.ports).toBeUndefined();
  });

  it("checks the web container's health on /api/status", async () => {
    const web = await startWebServer();
    try {
      const port = new URL(web.baseUrl).port;
      const healthy = await runHealthcheck("web", { PORT: port });
      expect(healthy.stderr).toBe("");
      expect(healthy.status).toBe(0);
    } finally {
      await web.close();
    }
    const closed = await runHealthcheck("web", { PORT: new URL(web.baseUrl).port });
    expect(closed.status).not.toBe(0);
  });

  it("checks the worker container's health by its heartbeat file", async () => {
    expect(compose.services.worker.environment.WORKER_HEALTH_FILE).toMatch(/^\/tmp\//);
    const file = path.join(temp, "worker-health");
    const worker = runEntry("worker/index.ts", { WORKER_HEALTH_FILE: file, LOG_LEVEL: "info", HEARTBEAT_INTERVAL_MS: "5000" });
    try {
      await worker.waitFor(/worker: ready/);
      const healthy = await runHealthcheck("worker", { WORKER_HEALTH_FILE: file, HEARTBEAT_INTERVAL_MS: "5000" });
      expect(healthy.stdout).toMatch(/healthy/);
      expect(healthy.status).toBe(0);
    } finally {
      worker.child.kill("SIGTERM");
    }
    expect((await worker.exited()).code).toBe(0);
    // A stopped worker leaves no file behind: unhealthy.
    const stopped = await runHealthcheck("worker", { WORKER_HEALTH_FILE: file, HEARTBEAT_INTERVAL_MS: "5000" });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toMatch(/no heartbeat yet/);

    // A hung worker stops touching it: older than three intervals is unhealthy.
    writeFileSync(file, "hung");
    const longAgo = new Date(Date.now() - 16_000);
    utimesSync(file, longAgo, longAgo);
    const stale = await runHealthcheck("worker", { WORKER_HEALTH_FILE: file, HEARTBEAT_INTERVAL_MS: "5000" });
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/last heartbeat \d+ s ago, more than 15 s/);
  });

  // Where the docker client has the compose plugin, compose itself must accept the file. The
  // plugin is not on these machines (no Docker engine either), so here the YAML checks above stand.
  if (hasCompose) {
    it("is accepted by `docker compose config -q`", () => {
      const result = spawnSync("docker", ["compose", "-f", "docker-compose.yml", "config", "-q"], {
        encoding: "utf8",
        env: { ...process.env, SESSION_SECRET: "x".repeat(32) },
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    });
  }
});
