import { outboundAllowListSetting } from "@/lib/env";
import { InMemoryEmbeddingCache } from "@/lib/retrieval/dense/embed-with-cache";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import { defaultRunFilesDirectory } from "@/lib/runs/run-files";
import { type RunServices, secretFromServerEnvironment } from "@/lib/runs/run-services";

/**
 * The services of a command that runs retrievers without the database: the app's allow-list
 * (GOLDENSET_OUTBOUND_ALLOWLIST) and API keys from the environment, an embedding cache that lives
 * as long as the process, and progress lines on stderr (stdout may be a run file).
 */
export function createCliRunServices(): RunServices {
  return {
    allowList: parseOutboundAllowList(outboundAllowListSetting()),
    secret: secretFromServerEnvironment,
    embeddingCache: new InMemoryEmbeddingCache(),
    runFilesDirectory: defaultRunFilesDirectory(),
    onProgress: async (message) => {
      process.stderr.write(`${message}\n`);
    },
  };
}
