/**
 * Keeps package-lock.json usable by `npm ci` on every platform and npm version.
 *
 * Packages such as rollup and msgpackr-extract list one optional package per platform.
 * `npm ci` (npm 10 and 11) refuses a lockfile that lacks any of them ("Missing: … from
 * lock file"), but an npm that cannot see a platform's package in its registry leaves it
 * out when it writes the lockfile. An entry needs only the version and the platform it is
 * for: npm skips it on other platforms and fetches it by name and version on its own.
 */

export interface LockEntry {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
  [key: string]: unknown;
}

const OSES = ["android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32", "aix"];
const CPUS = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el"];

/** The platform a package such as `@rollup/rollup-linux-arm-musleabihf` is built for, from its name. */
export function platformOf(name: string): { os: string; cpu: string; libc?: string } | null {
  const parts = (name.split("/").pop() ?? "").split("-");
  const osIndex = parts.findIndex((part) => OSES.includes(part));
  if (osIndex < 0) return null;
  const cpu = parts[osIndex + 1];
  if (!cpu || !CPUS.includes(cpu)) return null;
  const abi = parts.slice(osIndex + 2).join("-");
  const os = parts[osIndex]!;
  if (os !== "linux") return { os, cpu };
  if (abi.startsWith("musl")) return { os, cpu, libc: "musl" };
  return { os, cpu, libc: "glibc" };
}

/** Optional dependencies with no entry of their own: `[parent path, package name, version]`. */
export function missingOptionals(lock: Lockfile): Array<[string, string, string]> {
  const missing: Array<[string, string, string]> = [];
  for (const [parent, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = parent ? `${parent}/node_modules/${name}` : `node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.push([parent, name, version]);
    }
  }
  return missing;
}

/** Adds an entry for every missing platform package; returns the names it could not place. */
export function completeLockfile(lock: Lockfile): { added: string[]; unknown: string[] } {
  const added: string[] = [];
  const unknown: string[] = [];
  for (const [parent, name, version] of missingOptionals(lock)) {
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) {
      unknown.push(name);
      continue;
    }
    const parentEntry = lock.packages[parent] ?? {};
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [platform.cpu],
      ...(parentEntry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: [platform.libc] } : {}),
      optional: true,
      os: [platform.os],
    };
    added.push(name);
  }
  // npm writes entries sorted by path; keep the file's diff small.
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, "en")));
  return { added, unknown };
}
