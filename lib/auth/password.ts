import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's first recommended profile:
// 19 MiB memory, 2 iterations, 1 lane — memory-hard, ~30 ms here.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export function verifyPassword(options: { hash: string; password: string }): Promise<boolean> {
  return verify(options.hash, options.password).catch(() => false);
}
