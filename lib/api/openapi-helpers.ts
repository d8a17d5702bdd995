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
const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });
const errorResponse = (description: string) => ({ description, content: jsonContent("Error") });

/** The 400 of a route that validates a JSON body. */
export const INVALID_BODY = "invalid body: `location.path` is the JSON path of the first bad field";

/** A path parameter: a string segment of the URL. */
export const pathParameter = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
export const idParameter = (what: string) => pathParameter("id", `the ${what}'s id`);

/** An optional query-string parameter, a string unless `schema` says otherwise. */
export const queryParameter = (
  name: string,
  description: string,
  schema: JsonObject = { type: "string" },
) => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});

/** What every token-guarded operation may answer besides its own statuses. */
const guarded = {
  "401": errorResponse("no token, or a wrong, revoked or deactivated-owner token"),
  "403": errorResponse("the token owner's role may not do this"),
  "429": {
    description: "too many requests with this token; retry after Retry-After seconds",
    headers: { "Retry-After": { schema: { type: "integer" } } },
    content: jsonContent("Error"),
  },
};

/**
 * An operation behind an API token: its success answer, the guard's 401/403/429, then the other
 * error statuses it names (status → what it means). `requestBody` names the component a required
 * JSON body must match; `success.schema` the component of the JSON answer, `success.content` any
 * other answer body, neither an answer without one.
 */
export function guardedOperation(options: {
  operationId: string;
  summary: string;
  parameters?: JsonObject[];
  requestBody?: string;
  success: { status: string; description: string; schema?: string; content?: JsonObject };
  errors?: Record<string, string>;
}): JsonObject {
  const { status, description, schema, content } = options.success;
  const answerContent = content ?? (schema === undefined ? undefined : jsonContent(schema));
  return {
    operationId: options.operationId,
    summary: options.summary,
    ...(options.parameters ? { parameters: options.parameters } : {}),
    ...(options.requestBody
      ? { requestBody: { required: true, content: jsonContent(options.requestBody) } }
      : {}),
    responses: {
      [status]: { description, ...(answerContent ? { content: answerContent } : {}) },
      ...guarded,
      ...Object.fromEntries(
        Object.entries(options.errors ?? {}).map(([code, meaning]) => [code, errorResponse(meaning)]),
      ),
    },
  };
}
