import { describe, expect, it } from "vitest";
import { calibrationFormInput, calibrationFormSchema } from "./calibration-form";

function form(fields: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("calibration form", () => {
  it("reads the size and the checked people", () => {
    const input = calibrationFormSchema.parse(
      calibrationFormInput(
        form([
          ["size", "50"],
          ["annotatorIds", "u1"],
          ["annotatorIds", "u2"],
        ]),
      ),
    );
    expect(input).toEqual({ size: 50, annotatorIds: ["u1", "u2"] });
  });

  it("says what is missing beside each field", () => {
    const result = calibrationFormSchema.safeParse(calibrationFormInput(form([["size", "0"]])));
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["size", "The size must be at least 1 passage"],
      ["annotatorIds", "Choose at least one person to judge the sample"],
    ]);
  });
});
