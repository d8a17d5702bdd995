import { ChoiceSettingCard } from "@/components/sets/choice-setting-card";
import { ContextBudgetCard } from "@/components/sets/context-budget-card";
import { judgmentPolicySetting } from "@/components/sets/judgment-policy-setting";
import { modelJudgmentsSetting } from "@/components/sets/model-judgments-setting";
import { SplitCard } from "@/components/sets/split-card";
import { can, type Role } from "@/lib/auth/roles";
import type { getGoldenSet } from "@/lib/db/golden-sets";
import { judgmentPolicySchema, modelJudgmentsPolicySchema } from "@/lib/exchange/golden-set-schema";
import {
  clearSplitAction,
  setContextBudgetAction,
  setJudgmentPolicyAction,
  setModelJudgmentsAction,
  splitSetAction,
} from "./actions";

/**
 * The set's settings, each changed by the roles that may (read-only for the others): which
 * judgments count and whether model judgments do (adjudicators), the dev/holdout split and the
 * context budget (engineers and admins).
 */
export function SetSettingCards({
  set,
  role,
  splitCounts,
  split,
}: {
  set: Awaited<ReturnType<typeof getGoldenSet>>;
  role: Role;
  splitCounts: { dev: number; holdout: number; unsplit: number };
  split: { seed: number | null; holdoutShare: number | null } | null;
}) {
  const mayAdjudicate = can(role, "adjudicate");
  const mayEvaluate = can(role, "evaluate");
  return (
    <>
      <ChoiceSettingCard
        {...judgmentPolicySetting}
        value={judgmentPolicySchema.catch("any").parse(set.judgmentPolicy)}
        action={mayAdjudicate ? setJudgmentPolicyAction.bind(null, set.id) : null}
      />
      <ChoiceSettingCard
        {...modelJudgmentsSetting}
        value={modelJudgmentsPolicySchema.catch("ignore").parse(set.modelJudgments)}
        action={mayAdjudicate ? setModelJudgmentsAction.bind(null, set.id) : null}
      />
      <SplitCard
        split={split}
        counts={splitCounts}
        splitAction={mayEvaluate ? splitSetAction.bind(null, set.id) : null}
        clearAction={mayEvaluate ? clearSplitAction.bind(null, set.id) : null}
      />
      <ContextBudgetCard
        budgetChars={set.contextBudgetChars}
        action={mayEvaluate ? setContextBudgetAction.bind(null, set.id) : null}
      />
    </>
  );
}
