import { describe, expect, it } from "vitest";
import { pgliteStartParams } from "./index";

describe("pgliteStartParams", () => {
  it("keeps PGlite's own parameters and sets a small buffer cache, which PGLITE_SHARED_BUFFERS overrides", () => {
    expect(pgliteStartParams(["--single", "-F"], {})).toEqual(["--single", "-F", "-c", "shared_buffers=32MB"]);
    expect(pgliteStartParams(["--single"], { PGLITE_SHARED_BUFFERS: "128MB" })).toEqual(["--single", "-c", "shared_buffers=128MB"]);
  });
});
