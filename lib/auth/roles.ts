import { z } from "zod";

export const roleSchema = z.enum(["admin", "engineer", "annotator"]);
export type Role = z.infer<typeof roleSchema>;

/**
 * What each role may do. Admins do everything; engineers run evaluations and manage data;
 * annotators label and curate queries.
 */
const permissions = {
  label: ["admin", "engineer", "annotator"],
  curate: ["admin", "engineer", "annotator"], // golden sets: add/remove queries, import/export
  import: ["admin", "engineer"], // corpora and logs
  evaluate: ["admin", "engineer"],
  admin: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissions;

export function can(role: string, permission: Permission): boolean {
  return (permissions[permission] as readonly string[]).includes(role);
}
