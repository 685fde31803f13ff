import { describe, expect, it } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config } from "@/proxy";

// proxy.ts buffers request bodies (up to 10 MB) on the paths it runs for: upload and download calls
// must stay outside its matcher so they stream.
describe("proxy matcher", () => {
  it("skips the streaming upload and download routes", () => {
    for (const url of [
      "/api/v1/store_document",
      "/api/v1/store_media_banner",
      "/api/v1/uploadmedia",
      "/api/files/post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf",
      "/api/zip",
    ]) {
      expect(unstable_doesMiddlewareMatch({ config, url: `http://localhost${url}` }), url).toBe(false);
    }
    expect(unstable_doesMiddlewareMatch({ config, url: "http://localhost/company-news" })).toBe(true);
  });
});
