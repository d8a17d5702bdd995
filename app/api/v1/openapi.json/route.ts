import { buildOpenApiDocument } from "@/lib/api/openapi-document";
import { withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the API's OpenAPI 3.1 document (public: it holds no data). */
export const GET = withRoute({ access: "public" }, async () => Response.json(buildOpenApiDocument()));
