import type { JudgeSettings } from "@/lib/judging/judge-settings-schema";

type JudgeSettingName = keyof JudgeSettings;

/**
 * The settings that can change a judge's answers. A judge is immutable once it has judged: an
 * edit of any of these makes a new version, whose cache starts empty (judge-cache-key.ts keys by
 * version), so no answer is reused under settings that did not produce it. The key variable is
 * here too: another key can mean another account or deployment behind the same URL.
 */
const ANSWER_SETTINGS: readonly JudgeSettingName[] = [
  "baseUrl",
  "model",
  "apiKeyVariable",
  "promptVersion",
  "temperature",
  "maxTokens", // a shorter limit can cut the JSON answer off
];

/**
 * Edited in place, on the same version: they change neither the request nor the answer.
 * `name` is a label (renaming keeps the judgments). `concurrency`, `timeoutMs` and `maxCalls` say
 * how a job runs; were they versioned, raising a spent budget would empty the cache and pay again
 * for every pair already judged.
 */
const IN_PLACE_SETTINGS: readonly JudgeSettingName[] = ["name", "concurrency", "timeoutMs", "maxCalls"];

export type JudgeSettingsDiff = {
  /** Every setting that differs, in the order of the lists above. */
  changed: JudgeSettingName[];
  /** True when any changed setting can change the answers: save as a new version. */
  makesNewVersion: boolean;
};

/**
 * Compares two parsed settings (defaults filled, judgeSettingsSchema's output). A base URL with
 * and without a trailing slash is the same endpoint (requests go to `{base}/chat/completions`).
 */
export function diffJudgeSettings(options: {
  before: JudgeSettings;
  after: JudgeSettings;
}): JudgeSettingsDiff {
  const { before, after } = options;
  const differs = (name: JudgeSettingName) => comparable(before, name) !== comparable(after, name);
  const changedAnswers = ANSWER_SETTINGS.filter(differs);
  const changedInPlace = IN_PLACE_SETTINGS.filter(differs);
  return { changed: [...changedAnswers, ...changedInPlace], makesNewVersion: changedAnswers.length > 0 };
}

function comparable(settings: JudgeSettings, name: JudgeSettingName): unknown {
  const value = settings[name];
  return name === "baseUrl" && typeof value === "string" ? value.replace(/\/+$/, "") : value;
}
