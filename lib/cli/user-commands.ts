import { createApiTokenForEmail } from "@/lib/api-tokens/create-api-token";
import { addUser } from "@/lib/auth/add-user";
import { roleSchema } from "@/lib/auth/role-schema";
import { type Command, type CommandArgs, helpOption, requireString } from "@/lib/cli/command-options";
import { printJson } from "@/lib/cli/write-stdout";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** `goldenset add-user`: a user who can sign in, with the admin users page's password and email rules. */
export const addUserCommand = {
  options: {
    ...helpOption,
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
  },
  run: async ({ values }: CommandArgs) => {
    const requestedRole = requireString(values.role, "role");
    const role = roleSchema.safeParse(requestedRole);
    if (!role.success)
      throw new AppError(
        "bad_request",
        `--role must be one of ${roleSchema.options.join(", ")} (got "${requestedRole}")`,
      );
    const email = requireString(values.email, "email");
    const password = requireString(values.password, "password");
    const name = typeof values.name === "string" ? values.name : email;
    // a ZodError names the field
    printJson(await addUser(db(), { email, name, role: role.data, password }));
    return 0;
  },
} satisfies Command;

/** `goldenset create-token`: a personal API token for the user, printed once. */
export const createTokenCommand = {
  options: { ...helpOption, email: { type: "string" }, name: { type: "string" } },
  errorExitCode: 2,
  run: async ({ values }: CommandArgs) => {
    const email = requireString(values.email, "email");
    const name = requireString(values.name, "name");
    printJson(await createApiTokenForEmail(db(), { email, name }));
    return 0;
  },
} satisfies Command;
