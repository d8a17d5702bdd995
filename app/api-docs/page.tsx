import type { Metadata } from "next";
import { buildOpenApiDocument } from "@/lib/api/openapi-document";

export const metadata: Metadata = { title: "API reference" };

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

function schemaName(schema: unknown): string {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref ? ref.replace("#/components/schemas/", "") : "";
}

/**
 * The REST API v1 reference, rendered on the server from the same OpenAPI document
 * `/api/v1/openapi.json` serves (public, no script, no CDN): paths, methods, answers, schemas.
 */
export default function ApiDocsPage() {
  const document = buildOpenApiDocument();
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  const info = document.info as { title: string; version: string; description: string };
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-6 py-8 text-sm text-zinc-800">
      <header className="space-y-2">
        <h1 className="font-semibold text-2xl text-zinc-900">
          {info.title} <span className="font-normal text-zinc-500">v{info.version}</span>
        </h1>
        <p>
          <InlineCode text={info.description} />
        </p>
        <p>
          Machine-readable:{" "}
          <a className="underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>{" "}
          (OpenAPI 3.1). Tokens:{" "}
          <a className="underline" href="/settings/tokens">
            Settings → API tokens
          </a>
          .
        </p>
      </header>
      <section className="space-y-4" aria-label="Endpoints">
        {Object.entries(paths).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => (
            <article
              key={`${method} ${path}`}
              className="rounded-lg border border-zinc-200 p-4"
              data-testid="api-operation"
            >
              <h2 className="font-mono font-semibold text-zinc-900">
                <span className="mr-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs uppercase">{method}</span>
                {path}
              </h2>
              {operation.summary ? <p className="mt-1 text-zinc-600">{operation.summary}</p> : null}
              <QueryParameters parameters={operation.parameters ?? []} />
              {operation.requestBody ? (
                <p className="mt-2">
                  Body:{" "}
                  {Object.entries(operation.requestBody.content).map(([type, body]) => (
                    <a key={type} className="font-mono underline" href={`#schema-${schemaName(body.schema)}`}>
                      {schemaName(body.schema)} ({type})
                    </a>
                  ))}
                </p>
              ) : null}
              <ul className="mt-2 space-y-0.5">
                {Object.entries(operation.responses).map(([status, response]) => (
                  <li key={status}>
                    <span className="font-mono">{status}</span> <InlineCode text={response.description} />
                    {Object.values(response.content ?? {}).map((body) =>
                      schemaName(body.schema) ? (
                        <a
                          key={schemaName(body.schema)}
                          className="ml-1 font-mono underline"
                          href={`#schema-${schemaName(body.schema)}`}
                        >
                          {schemaName(body.schema)}
                        </a>
                      ) : null,
                    )}
                  </li>
                ))}
              </ul>
            </article>
          )),
        )}
      </section>
      <section className="space-y-4" aria-label="Schemas">
        <h2 className="font-semibold text-lg text-zinc-900">Schemas</h2>
        {Object.entries(schemas).map(([name, schema]) => (
          <details key={name} id={`schema-${name}`} className="rounded-lg border border-zinc-200 p-3">
            <summary className="cursor-pointer font-mono font-semibold">{name}</summary>
            <pre className="mt-2 overflow-x-auto text-xs">{JSON.stringify(schema, null, 2)}</pre>
          </details>
        ))}
      </section>
    </main>
  );
}

/** An operation's query parameters, each with its description (path parameters are in the path). */
function QueryParameters({ parameters }: { parameters: NonNullable<Operation["parameters"]> }) {
  const query = parameters.filter((parameter) => parameter.in === "query");
  if (query.length === 0) return null;
  return (
    <ul className="mt-2 space-y-0.5" aria-label="Query parameters">
      {query.map((parameter) => (
        <li key={parameter.name}>
          Query <code className="rounded bg-zinc-100 px-1 font-mono text-[0.9em]">{parameter.name}</code>:{" "}
          <InlineCode text={parameter.description ?? ""} />
        </li>
      ))}
    </ul>
  );
}

/** Markdown's `code` spans of the document's descriptions as <code>; the rest as text. */
function InlineCode({ text }: { text: string }) {
  return text.split("`").map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
      <code key={index} className="rounded bg-zinc-100 px-1 font-mono text-[0.9em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
