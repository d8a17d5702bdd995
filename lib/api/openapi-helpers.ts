import { z } from "zod";

export type JsonObject = Record<string, unknown>;

/** Components from zod schemas: requests as accepted (io "input"), responses as sent ("output"). */
export function components(
  entries: Record<string, z.ZodType>,
  io: "input" | "output",
): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(entries)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  // each component is a subschema of the document: no $schema or $id of its own
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as JsonObject;
      return [id, rest];
    }),
  );
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });
export const errorResponse = (description: string) => ({ description, content: jsonContent("Error") });
export const idParameter = (what: string) => ({
  name: "id",
  in: "path",
  required: true,
  description: `the ${what}'s id`,
  schema: { type: "string" },
});
export const guarded = {
  "401": errorResponse("no token, or a wrong, revoked or deactivated-owner token"),
  "403": errorResponse("the token owner's role may not do this"),
  "429": {
    description: "too many requests with this token; retry after Retry-After seconds",
    headers: { "Retry-After": { schema: { type: "integer" } } },
    content: jsonContent("Error"),
  },
};
