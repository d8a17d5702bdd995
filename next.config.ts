import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // native modules stay out of the bundle
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@node-rs/argon2"],
  experimental: { serverActions: { bodySizeLimit: "200mb" } },
};

export default nextConfig;
