/**
 * The text fields of a submitted form as an object (a repeated name keeps its last value).
 * Files are left out, and so are the `$ACTION_…` fields Next.js adds to server action forms.
 */
export function formTextFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === "string" && !name.startsWith("$ACTION")) fields[name] = value;
  }
  return fields;
}
