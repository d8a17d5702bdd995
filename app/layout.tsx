import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Goldenset", template: "%s · Goldenset" },
  description: "Build, label and use golden sets for retrieval evaluation.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, never prerendered at build time: its scripts must carry
  // the nonce of the request's Content-Security-Policy (proxy.ts), and a prerendered page has none.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
