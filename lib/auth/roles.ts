/**
 * The roles, most powerful first. Their zod schema is in role-schema.ts: this module is in every
 * page's browser code (the navigation asks `can`), which needs no parser.
 */
export const ROLES = ["admin", "engineer", "annotator"] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do. Admins do everything; engineers run evaluations and manage data;
 * annotators label and curate queries.
 */
const permissions = {
  label: ["admin", "engineer", "annotator"],
  curate: ["admin", "engineer", "annotator"], // golden sets: add/remove queries, import/export
  import: ["admin", "engineer"], // corpora and logs
  evaluate: ["admin", "engineer"],
  adjudicate: ["admin", "engineer"], // change or delete anyone's label (see mayChangeLabel)
  assign: ["admin", "engineer"], // assign a set's queries to annotators
  admin: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: string, permission: Permission): boolean {
  return (permissions[permission] as readonly string[]).includes(role);
}

/**
 * Who owns a label: annotators create, change (grade) and delete their own labels; adjudicators
 * (engineers and admins) may change or delete anyone's, including labels whose annotator is
 * unknown (imported without one, or a removed user). Restoring a deleted label from the history is
 * for admins (`can(role, "admin")`); undoing one's own deletion in the workspace is for whoever may
 * change the label (lib/curation/restore-label.ts). Every label use case checks this; the page uses
 * it to show controls.
 */
export function mayChangeLabel(
  user: { id: string; role: string },
  label: { annotatorId: string | null },
): boolean {
  if (!can(user.role, "label")) return false;
  return can(user.role, "adjudicate") || (label.annotatorId !== null && label.annotatorId === user.id);
}
