import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { databaseProviderOf } from "@/lib/database-provider";

/**
 * The one place that reads process.env. Everything is optional with a working default so that
 * `npm start` on a fresh clone needs no configuration.
 */
const envSchema = z.object({
  /** `file:…` (SQLite, the default) or `postgresql://…` (PostgreSQL); lib/database-provider.ts tells them apart */
  DATABASE_URL: z
    .string()
    .refine(
      (url) => url.startsWith("file:") || url.startsWith("postgres://") || url.startsWith("postgresql://"),
      {
        message: "DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)",
      },
    )
    .default("file:./data/goldenset.db"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** public origin of the app, e.g. https://goldenset.example.com; defaults to http://localhost:PORT */
  APP_URL: z.url().optional(),
  /** signs session cookies; generated into data/auth-secret on first start when absent */
  AUTH_SECRET: z.string().min(32).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** the checkout's root (bin/goldenset sets it); defaults to the working directory */
  GOLDENSET_ROOT: z.string().optional(),
  /**
   * "off": the server runs no job worker in its own process — jobs wait for `goldenset worker`
   * processes (a team's worker machines; the test harness). "on" (default): one in-process worker.
   */
  GOLDENSET_WORKER: z.enum(["on", "off"]).default("on"),
  /**
   * "1" (default): start-up loads the demo, with its published passwords, into an empty database.
   * "0" on a real server: nothing is seeded; create the first admin with `goldenset add-user`.
   */
  GOLDENSET_DEMO: z.enum(["0", "1"]).default("1"),
  /**
   * redis://… — several app servers share the API's per-token rate limit there; unset, each
   * process counts its own (right for one server).
   */
  /**
   * "1": the reverse proxy in front sets X-Forwarded-Host and X-Forwarded-Proto (overwriting any
   * a client sent), and the origin checks of writes believe them. "0" (default): they are ignored,
   * and proxy.ts replaces X-Forwarded-Host with Host before server actions check origins.
   */
  GOLDENSET_TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The names of the app's own settings (this schema's keys): never readable as provider API keys. */
export const APP_SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

let cached: Env | undefined;

export function env(): Env {
  if (!cached) cached = envSchema.parse(process.env);
  return cached;
}

/** Whether start-up may load the demo (users with published passwords) into an empty database. */
export function demoEnabled(): boolean {
  return env().GOLDENSET_DEMO === "1";
}

/** Whether DATABASE_URL names PostgreSQL rather than a SQLite file. */
function databaseIsPostgresql(): boolean {
  return databaseProviderOf(env().DATABASE_URL) === "postgresql";
}

/**
 * Absolute path of the SQLite file named by DATABASE_URL (relative paths are relative to cwd);
 * undefined on PostgreSQL, which has no file.
 */
export function databaseFilePath(): string | undefined {
  if (databaseIsPostgresql()) return undefined;
  return path.resolve(env().DATABASE_URL.slice("file:".length));
}

/** REDIS_URL when it is set: where app servers share rate limits. Never logged (it may hold a password). */
export function redisUrl(): string | undefined {
  return env().REDIS_URL;
}

/** Whether the origin checks believe X-Forwarded-Host/-Proto (GOLDENSET_TRUST_PROXY=1). */
export function trustForwardedHeaders(): boolean {
  return env().GOLDENSET_TRUST_PROXY === "1";
}

/** APP_URL when it is set (the public origin behind a proxy); undefined otherwise. */
export function configuredAppUrl(): string | undefined {
  return env().APP_URL;
}

export function appUrl(): string {
  return env().APP_URL ?? `http://localhost:${env().PORT}`;
}

/**
 * AUTH_SECRET, or a random one persisted so sessions survive restarts: next to the SQLite file, or
 * in data/auth-secret of the checkout on PostgreSQL (which has no file). Several app servers on one
 * PostgreSQL database must share AUTH_SECRET, or a session made on one is refused by the others.
 */
export function authSecret(): string {
  const configured = env().AUTH_SECRET;
  if (configured) return configured;
  const folder = path.dirname(databaseFilePath() ?? path.join(projectRoot(), "data", "goldenset.db"));
  const file = path.join(folder, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Hosts that runs may call (embedding and rerank providers, external retrievers), from
 * GOLDENSET_OUTBOUND_ALLOWLIST: comma-separated origins or host patterns (see
 * lib/retrieval/providers/check-outbound-url.ts). Read on every call, not cached.
 */
export function outboundAllowListSetting(): string | undefined {
  return process.env.GOLDENSET_OUTBOUND_ALLOWLIST;
}

/**
 * The environment variables configurations may name for provider API keys, from
 * GOLDENSET_KEY_VARIABLES (comma-separated; see lib/configs/check-config-services.ts for the
 * default list and the app's own names, which are never allowed). Read on every call.
 */
export function keyVariablesSetting(): string | undefined {
  return process.env.GOLDENSET_KEY_VARIABLES;
}

/**
 * The reverse proxies in front of the app, from GOLDENSET_TRUSTED_PROXIES: comma-separated
 * addresses and CIDR ranges (e.g. `10.0.0.0/8, ::1`). Only requests whose socket peer is one of
 * them have their `X-Forwarded-For` believed (lib/throttle/client-address.ts); unset, forwarded
 * headers are ignored. Read on every call.
 */
export function trustedProxiesSetting(): string | undefined {
  return process.env.GOLDENSET_TRUSTED_PROXIES;
}

/** The value of a secret a configuration names by its environment variable (API keys); read on every call. */
export function secretFromEnvironment(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** The checkout's root: where prisma/demo and data/ live. */
export function projectRoot(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().GOLDENSET_ROOT ?? process.cwd());
}
