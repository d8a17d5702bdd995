import { Children, type ComponentProps, cloneElement, isValidElement, type ReactNode } from "react";
import { cx } from "./cx";

const controlBase =
  "block w-full rounded-md border border-zinc-300 bg-white px-2.5 text-sm text-zinc-900 shadow-xs placeholder:text-zinc-400 " +
  "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:bg-zinc-50 disabled:text-zinc-500 " +
  "aria-invalid:border-red-400 aria-invalid:focus:ring-red-500/30";

/** File inputs size to their button instead of the fixed control height. */
export function Input({ className, type, ...rest }: ComponentProps<"input">) {
  const sizing =
    type === "file"
      ? "py-1 file:mr-3 file:rounded file:border-0 file:bg-zinc-100 file:px-2 file:py-1 file:font-medium file:text-xs file:text-zinc-700 hover:file:bg-zinc-200"
      : "h-8";
  return <input type={type} className={cx(controlBase, sizing, className)} {...rest} />;
}

export function Select({ className, ...rest }: ComponentProps<"select">) {
  return <select className={cx(controlBase, "h-8 pr-8", className)} {...rest} />;
}

export function Textarea({ className, ...rest }: ComponentProps<"textarea">) {
  return <textarea className={cx(controlBase, "min-h-20 py-1.5", className)} {...rest} />;
}

/** One message, or every message a field collected (`fieldErrors[name]` of an ActionState). */
export type FieldErrorMessages = string | readonly string[] | null | undefined;

function errorList(error: FieldErrorMessages): readonly string[] {
  if (!error) return [];
  return typeof error === "string" ? [error] : error;
}

/**
 * A field's error messages, one per line, for controls laid out without Field (inline toolbars).
 * Point the control's `aria-describedby` at `id` and set `aria-invalid` while it shows.
 */
export function FieldError({
  id,
  error,
  role,
  className,
  "data-testid": testId,
}: {
  id: string;
  error: FieldErrorMessages;
  /** "alert" where no summary announces the problem. */
  role?: "alert";
  className?: string;
  "data-testid"?: string;
}) {
  const messages = errorList(error);
  if (messages.length === 0) return null;
  return (
    <p id={id} role={role} className={cx("text-xs text-red-600", className)} data-testid={testId}>
      {messages.map((message) => (
        <span key={message} className="block">
          {message}
        </span>
      ))}
    </p>
  );
}

type FieldProps = {
  label: ReactNode;
  /** The id of the control; the label points at it and it is set on the child when missing. */
  htmlFor: string;
  hint?: ReactNode;
  /** Shown under the control, which is marked aria-invalid and described by it. */
  error?: FieldErrorMessages;
  className?: string;
  /** One control (Input, Select, Textarea or a native element). */
  children: ReactNode;
};

type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/**
 * Label + control + hint/error. The single child control gets `id`, `aria-invalid` and
 * `aria-describedby` (pointing at the hint and error) unless it sets them itself.
 */
export function Field({ label, htmlFor, hint, error, className, children }: FieldProps) {
  const invalid = errorList(error).length > 0;
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = invalid ? `${htmlFor}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const only = Children.count(children) === 1 ? Children.only(children) : null;
  const control = isValidElement<ControlProps>(only)
    ? cloneElement(only, {
        id: only.props.id ?? htmlFor,
        "aria-invalid": only.props["aria-invalid"] ?? (invalid ? true : undefined),
        "aria-describedby": only.props["aria-describedby"] ?? describedBy,
      })
    : children;

  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={htmlFor} className="block font-medium text-xs text-zinc-700">
        {label}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
      {errorId ? <FieldError id={errorId} error={error} /> : null}
    </div>
  );
}
