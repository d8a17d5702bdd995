import { AppError } from "@/lib/errors";

// The option shapes every CLI command shares (node:util parseArgs), and the readers of values
// more than one command needs.

/** One option's value as parseArgs gives it: absent, a flag, a string, or repeated strings. */
export type OptionValue = string | boolean | string[] | undefined;

/** A command's options, as parseArgs takes them. */
export type CommandOptions = Record<
  string,
  { type: "string" | "boolean"; short?: string; multiple?: boolean }
>;

/** What a command's `run` receives: the option values by name and the positional arguments. */
export type CommandArgs = { values: Record<string, OptionValue>; positionals: string[] };

/** A string option that must be given and not empty; bad_request otherwise, followed by `usage` when given. */
export function requireString(value: OptionValue, flag: string, usage?: string): string {
  if (typeof value !== "string" || value === "")
    throw new AppError("bad_request", `--${flag} is required${usage === undefined ? "" : `; ${usage}`}`);
  return value;
}

/** A repeatable string option's values, in the order given (none when absent). */
export function toList(value: OptionValue): string[] {
  if (value === undefined || typeof value === "boolean") return [];
  return typeof value === "string" ? [value] : value;
}

/** The one positional argument a command takes (`what` names it in the message); bad_request otherwise. */
export function onePositional(positionals: string[], what: string, usage: string): string {
  const [value, ...extra] = positionals;
  if (value === undefined || extra.length > 0)
    throw new AppError(
      "bad_request",
      `${value === undefined ? `a ${what} argument is required` : `unexpected "${extra[0]}"`}; ${usage}`,
    );
  return value;
}

/** For a command that takes options only: bad_request naming the first positional argument given. */
export function refusePositionals(positionals: string[], usage: string): void {
  if (positionals.length > 0) throw new AppError("bad_request", `unexpected "${positionals[0]}"; ${usage}`);
}

/** The -h/--help flag every command takes. */
export const helpOption = { help: { type: "boolean", short: "h" } } as const;

/** The argument a command requires first (`what` names it: FILE, NAME); bad_request when there is none. */
export function requirePositional(positionals: string[], what: string): string {
  const value = positionals[0];
  if (!value) throw new AppError("bad_request", `a ${what} argument is required`);
  return value;
}

/**
 * A CLI command: registered by name in lib/cli/commands.ts. `goldenset NAME --help` prints `usage`
 * (the command's full help: synopsis, options, exit codes), or, when a command has none, its entry
 * in the overview of lib/cli/main.ts.
 */
export type Command = {
  /** Full help text of `goldenset NAME --help`, starting "usage: goldenset NAME …". */
  usage?: string;
  options: CommandOptions;
  /** The exit code of a failure (unreadable input, bad arguments); 1 when not set. */
  errorExitCode?: number;
  run: (args: CommandArgs) => Promise<number>;
};
