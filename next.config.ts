import type { NextConfig } from "next";
import { oversizedBodyRewrites, REQUEST_BODY_LIMIT_BYTES } from "./lib/http/body-limits";
import { SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // native modules stay out of the bundle
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "pg",
    "@prisma/adapter-pg",
    "@node-rs/argon2",
    // read their .aff/.dic beside them (fs + import.meta.url), which a bundle does not keep
    "dictionary-en",
    "dictionary-en-gb",
    "nspell",
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit) before its build; the build's own pass
  // over the same files would only repeat it (~45 s of CPU)
  typescript: { ignoreBuildErrors: process.env.GOLDENSET_TYPES_CHECKED === "1" },
  experimental: {
    // A build keeps Turbopack's cache in .next/cache (a rebuild after an edit: ~18 s instead of ~45 s
    // here); writing it costs a fresh build ~11 s. CI builds each clone once and never reads it.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
    // Server actions carry form fields and ids, never files (those stream through the import routes).
    serverActions: { bodySizeLimit: REQUEST_BODY_LIMIT_BYTES },
    // The copy Next.js keeps of a body proxy.ts sees; the proxy only sees bodies within the limit.
    proxyClientMaxBodySize: REQUEST_BODY_LIMIT_BYTES,
  },
  async headers() {
    return [{ source: "/:path*", headers: [...SECURITY_HEADERS] }];
  },
  async rewrites() {
    return { beforeFiles: oversizedBodyRewrites(), afterFiles: [], fallback: [] };
  },
};

export default nextConfig;
