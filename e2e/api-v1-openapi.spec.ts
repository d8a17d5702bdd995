import SwaggerParser from "@apidevtools/swagger-parser";
import { DEMO_URL } from "./helpers";
import { expect, test } from "./test";

// Issue 13: the API's OpenAPI document, generated from the zod schemas that validate the requests,
// validated by a maintained validator (@apidevtools/swagger-parser), and its page.
test("the OpenAPI document is public, valid OpenAPI 3.1, and rendered as a page", async ({
  request,
  page,
}) => {
  const response = await request.get(`${DEMO_URL}/api/v1/openapi.json`);
  expect(response.status()).toBe(200);
  const document = (await response.json()) as {
    openapi: string;
    paths: Record<string, object>;
    components: { schemas: Record<string, unknown> };
  };
  expect(document.openapi).toBe("3.1.0");
  await SwaggerParser.validate(structuredClone(document) as never);
  // the validator can fail: a broken copy is refused
  const broken = structuredClone(document) as Record<string, unknown>;
  delete broken.info;
  await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  expect(Object.keys(document.paths).sort()).toEqual(
    [
      "/api/v1/compare",
      "/api/v1/judges",
      "/api/v1/judging-jobs/{id}",
      "/api/v1/judging-jobs/{id}/cancel",
      "/api/v1/judging-jobs/{id}/resume",
      "/api/v1/openapi.json",
      "/api/v1/runs/{id}",
      "/api/v1/runs/{id}/trec",
      "/api/v1/sets",
      "/api/v1/sets/{id}",
      "/api/v1/sets/{id}/judges/{judgeId}/report",
      "/api/v1/sets/{id}/judging-jobs",
      "/api/v1/sets/{id}/runs",
      "/api/v1/sets/{id}/split",
    ].sort(),
  );
  // the request schema is the one that validates: its bounds are in the document
  const configuration = JSON.stringify(document.components.schemas.Configuration);
  expect(configuration).toContain('"minimum":20');

  await page.goto(`${DEMO_URL}/api-docs`);
  await expect(page.getByTestId("api-operation")).toHaveCount(17); // GET and POST on …/runs and …/judging-jobs, POST and DELETE on …/split
  await expect(page.getByText("/api/v1/sets/{id}/runs").first()).toBeVisible();
});
