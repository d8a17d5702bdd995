import type { Metadata } from "next";
import { z } from "zod";
import { JudgeActionButton } from "@/components/judging/judge-action-button";
import { JudgeForm } from "@/components/judging/judge-form";
import { JudgesTable } from "@/components/judging/judges-table";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listJudges } from "@/lib/db/judges";
import { JUDGE_PROMPT_VERSION } from "@/lib/judging/build-judge-prompt";
import { judgeFormValues } from "@/lib/judging/judge-form-schema";
import { JUDGE_LIMITS } from "@/lib/judging/judge-settings-schema";
import { archiveJudgeAction, editJudgeAction, saveJudgeAction } from "./actions";

export const metadata: Metadata = { title: "Judges" };

const paramsSchema = z.object({
  edit: z.string().min(1).optional().catch(undefined),
  saved: z.string().min(1).optional().catch(undefined),
  archived: z.literal("1").optional().catch(undefined),
});

/**
 * Engineers and admins: the LLM judges (issue 23) — configured, versioned, immutable once used —
 * with the form that makes one or edits one. Judging itself starts from a set's Judging page.
 */
export default async function JudgesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("evaluate");
  const { edit, saved, archived } = paramsSchema.parse(await searchParams);
  const judges = await listJudges(db(), { includeArchived: archived === "1" });
  const editing = edit ? judges.find((judge) => judge.id === edit && !judge.archivedAt) : undefined;
  const savedJudge = saved ? judges.find((judge) => judge.id === saved) : undefined;
  const active = judges.filter((judge) => !judge.archivedAt).length;
  return (
    <>
      <PageHeader
        title="Judges"
        description="LLM judges grade (query, passage) pairs through an OpenAI-compatible endpoint and must quote their evidence. A judge that has judged is never changed: an edit makes its next version. Start judging from a set's Judging page."
      />
      {savedJudge ? (
        <Alert tone="success" className="mb-4" data-testid="judge-saved">
          Saved {savedJudge.name} v{savedJudge.version}.
        </Alert>
      ) : null}
      <div className="grid items-start gap-5 2xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <CardHeader
            title="Judges"
            description={`${formatCountOf(active, "judge version")}${archived ? ", archived ones shown" : ""}.`}
            actions={
              <Link
                href={archived ? "/judges" : "/judges?archived=1"}
                className="text-xs text-zinc-600 hover:underline"
                data-testid="toggle-archived-judges"
              >
                {archived ? "Hide archived" : "Show archived"}
              </Link>
            }
          />
          {judges.length === 0 ? (
            <EmptyState
              className="m-4"
              title="No judges yet"
              description={
                <>
                  A judge is a model behind an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM…) that grades
                  passages on the set's scale and quotes its evidence; its judgments stay apart from people's
                  and a report says how far to trust it. Create one on the right; the README's section
                  “Model-assisted judging” shows settings for OpenAI, Ollama and vLLM.
                </>
              }
            />
          ) : (
            <JudgesTable
              judges={judges}
              editingId={editing?.id}
              archiveButton={(judge) => (
                <JudgeActionButton
                  action={archiveJudgeAction.bind(null, judge.id)}
                  label="Archive"
                  pendingLabel="Archiving…"
                  variant="ghost"
                  ariaLabel={`Archive ${judge.name} v${judge.version}`}
                  data-testid="archive-judge"
                />
              )}
            />
          )}
        </Card>
        <Card>
          <CardHeader
            title={editing ? `Edit ${editing.name} v${editing.version}` : "New judge"}
            description={
              editing
                ? editing.used
                  ? `Used: saving makes v${editing.version + 1}.`
                  : "Not used yet: saving changes it in place."
                : "Endpoints only within GOLDENSET_OUTBOUND_ALLOWLIST."
            }
          />
          <CardBody>
            <JudgeForm
              key={editing?.id ?? "new"}
              action={editing ? editJudgeAction.bind(null, editing.id) : saveJudgeAction}
              values={editing ? judgeFormValues(editing.settings) : undefined}
              editing={editing ? { version: editing.version, used: editing.used } : undefined}
              promptVersion={editing?.settings.promptVersion ?? JUDGE_PROMPT_VERSION}
              defaults={{
                maxTokens: JUDGE_LIMITS.maxTokens.default,
                concurrency: JUDGE_LIMITS.concurrency.default,
                timeoutSeconds: JUDGE_LIMITS.timeoutMs.default / 1_000,
              }}
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
