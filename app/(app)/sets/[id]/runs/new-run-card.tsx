import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { can } from "@/lib/auth/roles";
import { describeConfig } from "@/lib/configs/describe-config";
import { chunkingFormFields } from "@/lib/configs/evaluate-request";
import { retrieverFormFields } from "@/lib/configs/retriever-form-fields";
import { outboundAllowListSetting } from "@/lib/env";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import { EvaluateForm } from "./evaluate-form";
import type { SetRunsPageData } from "./load-set-runs-page";
import { savePoolSettingsAction } from "./pool-actions";
import { PoolSettingsForm } from "./pool-settings-form";

type Role = Parameters<typeof can>[0];

/** The form starting a new run from the latest run's configuration, for those who may evaluate. */
export function NewRunCard({
  role,
  setId,
  latest,
  latestConfig,
}: {
  role: Role;
  setId: string;
  latest: SetRunsPageData["latest"];
  latestConfig: SetRunsPageData["latestConfig"];
}) {
  return (
    <Card>
      <CardHeader
        title="New run"
        description={latest ? "Starts from the latest run's configuration." : "Starts from the defaults."}
      />
      <CardBody>
        {can(role, "evaluate") ? (
          <EvaluateForm
            setId={setId}
            allowList={parseOutboundAllowList(outboundAllowListSetting())}
            initialSummary={describeConfig(latestConfig)}
            defaults={{
              name: latest?.config.name ?? "BM25 baseline",
              ...chunkingFormFields(latestConfig.chunking),
              topK: latestConfig.topK,
              scoreThreshold: latestConfig.scoreThreshold,
              ignoreIdenticalIds: latestConfig.ignoreIdenticalIds ?? false,
              ...retrieverFormFields(latestConfig.retriever, latestConfig.reranker),
              coverage: 1,
            }}
          />
        ) : (
          <p className="text-sm text-zinc-500">Engineers and admins run evaluations; your role is {role}.</p>
        )}
      </CardBody>
    </Card>
  );
}

/** Which runs' top k join BM25's in the labeling candidates, and how deep. */
export function PoolSettingsCard({
  setId,
  depth,
  runs,
}: {
  setId: string;
  depth: SetRunsPageData["set"]["poolDepth"];
  runs: SetRunsPageData["poolRuns"];
}) {
  return (
    <Card data-testid="pool-settings">
      <CardHeader
        title="Labeling candidates"
        description="Annotators judge the union of the top k of BM25 and of these runs, so the set does not inherit one system's blind spots."
      />
      <CardBody>
        <PoolSettingsForm action={savePoolSettingsAction.bind(null, setId)} depth={depth} runs={runs} />
      </CardBody>
    </Card>
  );
}
