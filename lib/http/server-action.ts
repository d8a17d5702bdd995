import { redirect, unstable_rethrow } from "next/navigation";
import { ZodError, type z } from "zod";
import { type AccessRule, authorize, type CurrentUser, currentUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import {
  type ActionFailure,
  type ActionState,
  failureFromAppError,
  failureFromZodError,
} from "@/lib/http/action-state";
import { formTextFields } from "@/lib/http/form-fields";
import { assertStorableText } from "@/lib/storable-text";

type Schemas = readonly z.ZodType[];

type ActionOptions<Access extends AccessRule, Schema, Bound extends Schemas> = {
  access: Access;
  /** Validates the input; without it the handler gets no input. */
  schema?: Schema;
  /** Validates the arguments a page binds with `action.bind(null, …)`, in order (ids, usually). */
  bound?: Bound;
};

type ActionContext<Access extends AccessRule, Bound extends Schemas> = {
  user: Access extends "public" ? null : CurrentUser;
  bound: { -readonly [K in keyof Bound]: z.output<Bound[K]> };
};

type BoundInputs<Bound extends Schemas> = { -readonly [K in keyof Bound]: z.input<Bound[K]> };
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
/** A handler that returns nothing (or only redirects) answers `data: undefined`. */
// biome-ignore lint/suspicious/noConfusingVoidType: it matches what `async () => {}` returns
type Answer<Data> = [Data] extends [void] ? undefined : Data;
type Handler<Access extends AccessRule, Schema, Bound extends Schemas, Data> = (
  input: Parsed<Schema>,
  context: ActionContext<Access, Bound>,
) => Promise<Data>;

/**
 * A server action for `useActionState`: `(…bound, previousState, formData) => ActionState`.
 * `access` (see AccessRule): signed out → redirect to sign-in, a role without the permission →
 * an error state.
 * The form's text fields (or what `formInput` reads from the form) are validated with `schema`;
 * every zod issue comes back in `fieldErrors`, an AppError as its message, anything else as a
 * generic message (logged here). A failure echoes the text fields in `values`, passwords excepted. The handler may
 * call redirect() or notFound(): they reach Next.js untouched.
 */
export function serverAction<
  Access extends AccessRule,
  Schema extends z.ZodType | undefined = undefined,
  const Bound extends Schemas = [],
  Data = void,
>(
  options: ActionOptions<Access, Schema, Bound> & {
    /** Reads the input from the form, e.g. a repeated field with getAll(); default: its text fields. */
    formInput?: (formData: FormData) => unknown;
  },
  handler: Handler<Access, Schema, Bound, Data>,
): (
  ...args: [...BoundInputs<Bound>, ActionState<Answer<Data>>, FormData]
) => Promise<ActionState<Answer<Data>>> {
  return async (...args) => {
    const boundCount = options.bound?.length ?? 0;
    const formData = args[boundCount + 1] as FormData;
    const fields = formTextFields(formData);
    const input = options.formInput ? options.formInput(formData) : fields;
    return runAction(options, handler, { bound: args.slice(0, boundCount), input, values: echoable(fields) });
  };
}

/**
 * A server action called from client code with one argument, `(…bound, input) => ActionState`
 * (a labeling click, a sign-in): the same checks and answers as serverAction, without a form.
 */
export function serverFunction<
  Access extends AccessRule,
  Schema extends z.ZodType,
  const Bound extends Schemas = [],
  Data = void,
>(
  options: ActionOptions<Access, Schema, Bound> & { schema: Schema },
  handler: Handler<Access, Schema, Bound, Data>,
): (...args: [...BoundInputs<Bound>, z.input<Schema>]) => Promise<ActionState<Answer<Data>>> {
  return async (...args) => {
    const boundCount = options.bound?.length ?? 0;
    return runAction(options, handler, { bound: args.slice(0, boundCount), input: args[boundCount] });
  };
}

async function runAction<Access extends AccessRule, Schema, Bound extends Schemas, Data>(
  options: ActionOptions<Access, Schema, Bound>,
  handler: Handler<Access, Schema, Bound, Data>,
  call: { bound: unknown[]; input: unknown; values?: Record<string, string> },
): Promise<ActionState<Answer<Data>>> {
  try {
    const user = await authenticate(options.access);
    // text PostgreSQL would refuse (NUL, lone surrogates) is refused here, naming the field
    assertStorableText(call.bound);
    assertStorableText(call.input);
    const bound = (options.bound ?? []).map((schema, index) => schema.parse(call.bound[index]));
    const schema = options.schema as z.ZodType | undefined;
    const input = schema ? schema.parse(call.input) : undefined;
    const data = await handler(
      input as Parsed<Schema>,
      { user, bound } as unknown as ActionContext<Access, Bound>,
    );
    return { ok: true, data: data as Answer<Data> };
  } catch (error) {
    unstable_rethrow(error); // redirect(), notFound() and Next.js's other control-flow errors
    return failure(error, call.values);
  }
}

async function authenticate(access: AccessRule): Promise<CurrentUser | null> {
  if (access === "public") return null;
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  authorize(user, access);
  return user;
}

/** What a failed form gets back to refill itself: never a password, which stays in the browser. */
function echoable(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !/password/i.test(name)));
}

function failure(error: unknown, values: Record<string, string> | undefined): ActionFailure {
  if (error instanceof ZodError) return failureFromZodError(error, values);
  if (error instanceof AppError) return failureFromAppError(error, values);
  // The error only: the form's values may hold what should not reach a log.
  console.error("Unhandled error in a server action", error);
  return {
    ok: false,
    error: "Something went wrong on the server. Try again.",
    fieldErrors: {},
    ...(values ? { values } : {}),
  };
}
