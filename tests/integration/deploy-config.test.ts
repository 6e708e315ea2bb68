import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const compose = parse(readFileSync("docker-compose.yml", "utf8"));
const dockerCompose = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
const hasCompose = dockerCompose.status === 0;

describe("docker-compose.yml", () => {
  it("runs Postgres 16, a durable Redis 7, and web and worker built from the Dockerfile", () => {
    expect(compose.services.postgres.image).toBe("postgres:16");
    expect(compose.services.redis.image).toBe("redis:7");
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(["--appendonly", "yes", "--maxmemory-policy", "noeviction"]));
    for (const name of ["web", "worker"]) {
      expect(compose.services[name].build).toBe(".");
      expect(compose.services[name].environment.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(compose.services[name].environment.REDIS_URL).toBe("redis://redis:6379");
      expect(compose.services[name].depends_on.migrate.condition).toBe("service_completed_successfully");
    }
    expect(compose.services.web.command).toEqual(["npm", "run", "web"]);
    expect(compose.services.worker.command).toEqual(["npm", "run", "worker"]);
  });

  it("lets the worker scale: no fixed container name and no published port", () => {
    expect(compose.services.worker.container_name).toBeUndefined();
    expect(compose.services.worker.ports).toBeUndefined();
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
