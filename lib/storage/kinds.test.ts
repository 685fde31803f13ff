import { describe, expect, it } from "vitest";
import {
  describeLimits,
  extensionAllowed,
  extensionOf,
  formatMb,
  tooBigMessage,
  tooManyMessage,
  UPLOAD_KINDS,
} from "./kinds";
import { isValidKey, newKey, resolveKeyPath } from "./keys";
import { contentDisposition } from "./content-disposition";
import { signAppFileUrl, verifyFileSignature, expiryFor } from "./signing";

describe("upload kinds", () => {
  it("declares the old portal's limits", () => {
    expect(UPLOAD_KINDS.banner).toMatchObject({ maxFiles: 1, maxFilesizeMb: 25, extensions: ["jpg", "jpeg", "png"] });
    expect(UPLOAD_KINDS.post).toMatchObject({ maxFiles: 20, maxFilesizeMb: 250, extensions: null });
    expect(UPLOAD_KINDS.attachment).toMatchObject({ maxFiles: 1, maxFilesizeMb: 250 });
    expect(UPLOAD_KINDS.event).toMatchObject({ maxFilesizeMb: 250 });
    expect(UPLOAD_KINDS.document).toMatchObject({ maxFiles: 1, maxFilesizeMb: 250 });
    expect(UPLOAD_KINDS.profilePhoto).toMatchObject({
      maxFiles: 1,
      maxFilesizeMb: 8,
      extensions: ["jpg", "jpeg", "png"],
    });
  });

  it("fills the old portal's messages", () => {
    expect(tooBigMessage(UPLOAD_KINDS.banner, 26.5 * 1024 * 1024)).toBe(
      "File is too big (26.5MB). Max allowed file size is 25MB",
    );
    expect(tooManyMessage(UPLOAD_KINDS.post)).toBe("Only 20 files are allowed");
    expect(tooManyMessage(UPLOAD_KINDS.banner)).toBe("Only 1 file is allowed");
    expect(formatMb(1234567)).toBe(1.18);
    expect(describeLimits(UPLOAD_KINDS.banner)).toBe("1 file, 25 MB at most; .jpg, .jpeg, .png only.");
  });

  it("checks extensions by kind and refuses executables everywhere", () => {
    expect(extensionOf("A.Report.PDF")).toBe("pdf");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionAllowed(UPLOAD_KINDS.banner, "x.JPG")).toBe(true);
    expect(extensionAllowed(UPLOAD_KINDS.banner, "x.gif")).toBe(false);
    expect(extensionAllowed(UPLOAD_KINDS.post, "x.xlsx")).toBe(true);
    expect(extensionAllowed(UPLOAD_KINDS.post, "x.exe")).toBe(false);
    expect(extensionAllowed(UPLOAD_KINDS.post, "x.bat")).toBe(false);
  });
});

describe("storage keys", () => {
  it("makes random keys in the kind's folder and refuses anything else", () => {
    const key = newKey("profilePhoto", "../../me.PNG", new Date("2025-03-04T00:00:00Z"));
    expect(key).toMatch(/^profile-photo\/2025\/03\/[0-9a-f-]{36}\.png$/);
    expect(isValidKey(key)).toBe(true);
    expect(newKey("post", "weird.ext!!")).toMatch(/[0-9a-f]{12}$/);
    for (const bad of ["../x", "/etc/passwd", "post/2025/01/../../x", "post/2025/01/x.pdf", "", "post\\2025\\01\\x"])
      expect(isValidKey(bad)).toBe(false);
    expect(() => resolveKeyPath("/srv/uploads", "../etc/passwd")).toThrow(/Invalid storage key/);
    expect(resolveKeyPath("/srv/uploads", key)).toBe(`/srv/uploads/${key}`);
  });
});

describe("content disposition", () => {
  it("gives an ASCII fallback and the UTF-8 name (RFC 5987)", () => {
    expect(contentDisposition("inline", "plain.png")).toBe(`inline; filename="plain.png"; filename*=UTF-8''plain.png`);
    expect(contentDisposition("attachment", 'a"b;c%.pdf')).toBe(
      `attachment; filename="a_b_c_.pdf"; filename*=UTF-8''a_b%3Bc%25.pdf`,
    );
    expect(contentDisposition("attachment", "報告 (1).pdf")).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%20%281%29.pdf`,
    );
  });
});

describe("signed file links", () => {
  it("verifies, expires and refuses tampering", () => {
    const now = Date.now();
    const url = new URL(signAppFileUrl("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf", 300, "http://x", now));
    const e = url.searchParams.get("e");
    const s = url.searchParams.get("s");
    expect(verifyFileSignature("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf", e, s, now)).toBe("ok");
    expect(verifyFileSignature("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950f.pdf", e, s, now)).toBe("invalid");
    expect(
      verifyFileSignature("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf", String(Number(e) + 60), s, now),
    ).toBe("invalid");
    expect(verifyFileSignature("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf", e, s, now + 400_000)).toBe(
      "expired",
    );
    expect(verifyFileSignature("post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf", null, s, now)).toBe("invalid");
    expect(expiryFor(300, 0)).toBe(300);
  });
});
