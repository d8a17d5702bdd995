import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Calling the app's server actions over HTTP the way the browser does: POST to the page with the
 * action's id in `Next-Action` and the arguments encoded by React's own `encodeReply` (bound
 * arguments first, as `action.bind(null, setId, queryId)` sends them). The ids come from the
 * production build's manifest, as e2e/authorization-matrix.spec.ts finds them.
 */

const require = createRequire(import.meta.url);
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.node.js") as {
  encodeReply: (value: unknown[]) => Promise<string | FormData>;
};

type ManifestEntry = { exportedName: string; filename: string };

/** The build's id of each named action (`exportedName` in `filename`); throws when one is missing. */
export function serverActionIds<const Name extends string>(options: {
  root: string;
  actions: Record<Name, { filename: string; exportedName: string }>;
}): Record<Name, string> {
  const manifest = JSON.parse(
    readFileSync(path.join(options.root, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, ManifestEntry> };
  const entries = Object.entries(manifest.node);
  const ids = {} as Record<Name, string>;
  for (const [name, wanted] of Object.entries(options.actions) as [Name, ManifestEntry][]) {
    const found = entries.find(
      ([, entry]) => entry.filename === wanted.filename && entry.exportedName === wanted.exportedName,
    );
    if (!found)
      throw new Error(
        `${wanted.exportedName} (${wanted.filename}) is not in the build's server-reference manifest: rebuild with \`npx next build\`.`,
      );
    ids[name] = found[0];
  }
  return ids;
}

/** The request body of an action call and its content type (React sends plain arguments as text). */
export async function actionRequestBody(args: unknown[]): Promise<{ body: string; contentType: string }> {
  const body = await encodeReply(args);
  if (typeof body !== "string") throw new Error("These action arguments would need a multipart body.");
  return { body, contentType: "text/plain;charset=UTF-8" };
}

/** What lib/http/server-action.ts returns: `{ ok: true, data }` or `{ ok: false, error, … }`. */
export type ActionState = { ok: boolean; data?: unknown; error?: string };

/**
 * The ActionState in an action's answer (React's flight format: one `<row id>:<json>` per line,
 * the action's result among them); null when there is none (a redirect, an error page).
 */
export function actionStateOf(flight: string): ActionState | null {
  for (const line of flight.split("\n")) {
    const json = line.replace(/^[0-9a-f]+:/, "");
    if (json.startsWith('{"ok":')) return JSON.parse(json) as ActionState;
  }
  return null;
}
