import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { underPayloadNames, withPayloadNames } from "./payload-names";

describe("payload names live in lib/api, one renaming for every v1 edge", () => {
  it("renames a form field's errors to its payload name, keeping a nested path's tail and unknown names", () => {
    expect(
      underPayloadNames(
        { publishAt: ["a"], "documents.0.name": ["b"], title: ["c"] },
        {
          publishAt: "publish_at",
          documents: "imagePath",
        },
      ),
    ).toEqual({ publish_at: ["a"], "imagePath.0.name": ["b"], title: ["c"] });
  });

  it("withPayloadNames answers a save's field errors under the payload's names, status and message kept", async () => {
    const save = Promise.reject(new AppError(422, "No.", { locationId: ["No."] }));
    await expect(withPayloadNames(save, { locationId: "location_id" })).rejects.toMatchObject({
      status: 422,
      message: "No.",
      fieldErrors: { location_id: ["No."] },
    });
    expect(await withPayloadNames(Promise.resolve(7), {})).toBe(7);
  });
});
