import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeConfig } from "@/lib/configs/describe-config";
import { configInputFromEvaluateRequest, evaluateRequestSchema } from "@/lib/configs/evaluate-request";

/** Stands in for the run file the server stores (only its name is described). */
const RUN_FILE_STAND_IN = { sha256: "0".repeat(64), format: "trec" } as const;

/**
 * The evaluate form's summary line, from the fields as they are now (posted form, all strings):
 * the configuration they make, described as run lists describe it, and the axes of a sweep when
 * one is filled in. Null while the fields do not make a valid configuration (the submit then says
 * why). Derived on every change, so it never describes an earlier state of the form.
 */
export function describeFormConfig(options: {
  fields: Readonly<Record<string, string>>;
  /** the chosen run file's name, for an imported run */
  runFileName?: string | undefined;
}): string | null {
  const request = evaluateRequestSchema.safeParse(options.fields);
  if (!request.success) return null;
  const runFile = { ...RUN_FILE_STAND_IN, name: options.runFileName || "run file" };
  const config = retrievalConfigSchema.safeParse(configInputFromEvaluateRequest(request.data, runFile));
  if (!config.success) return null;
  const axes = [
    [request.data.axis1Path, request.data.axis1Values],
    [request.data.axis2Path, request.data.axis2Values],
  ].flatMap(([path, values]) => (path && values ? [path] : []));
  const sweep = axes.length > 0 ? ` · sweep over ${axes.join(" × ")}` : "";
  return `${describeConfig(config.data)}${sweep}`;
}
