import { checkKeyVariable, parseKeyVariables } from "@/lib/configs/check-config-services";
import { keyVariablesSetting, outboundAllowListSetting, secretFromEnvironment } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { type ChatClient, createChatClient } from "@/lib/judging/chat-client";
import type { JudgeSettings } from "@/lib/judging/judge-settings-schema";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import type { RetryPolicy } from "@/lib/retrieval/providers/post-json";

/**
 * What reaches a judge's endpoint from outside the database: the outbound allow-list, the key
 * variables the admin allows and how to read one, and (tests) a fetch and a retry policy. The app
 * and the CLI build it from the environment (`judgingServicesFromEnv`); tests pass their own.
 */
export type JudgingServices = {
  allowList: readonly string[];
  keyVariables: readonly string[];
  /** The value of an environment variable; undefined when unset. Never logged. */
  readKey(name: string): string | undefined;
  fetch?: typeof fetch | undefined;
  retry?: Partial<Omit<RetryPolicy, "timeoutMs">> | undefined;
};

export function judgingServicesFromEnv(): JudgingServices {
  return {
    allowList: parseOutboundAllowList(outboundAllowListSetting()),
    keyVariables: parseKeyVariables(keyVariablesSetting()),
    readKey: secretFromEnvironment,
  };
}

/**
 * The judge's API key from its variable: undefined when the judge names none (local servers), an
 * error naming the variable (never its value) when it is not allowed or not set.
 */
function readJudgeKey(services: JudgingServices, variable: string | undefined): string | undefined {
  if (variable === undefined) return undefined;
  checkKeyVariable(variable, "judge", services.keyVariables);
  const value = services.readKey(variable);
  if (value === undefined || value === "")
    throw new AppError(
      "bad_request",
      `the judge's API key is read from the environment variable ${variable}, which is not set on the server`,
    );
  return value;
}

/** The chat client of a judge's settings under the server's services; `fetch` counts a job's calls. */
export function createJudgeClient(options: {
  settings: JudgeSettings;
  services: JudgingServices;
  fetch?: typeof fetch | undefined;
}): ChatClient {
  const { settings, services } = options;
  return createChatClient({
    baseUrl: settings.baseUrl,
    model: settings.model,
    apiKey: readJudgeKey(services, settings.apiKeyVariable),
    timeoutMs: settings.timeoutMs,
    maxTokens: settings.maxTokens,
    allowList: services.allowList,
    retry: services.retry,
    fetch: options.fetch ?? services.fetch,
  });
}
