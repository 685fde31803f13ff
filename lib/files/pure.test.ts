import { describe, expect, it } from "vitest";
import { cleanFileName, portableFileName } from "./names";
import { contentDisposition } from "@/lib/storage/content-disposition";
import { zipFileName } from "./archive";
import { checkContent } from "./sniff";
import { imageSize } from "./image-size";
import { keyFromClientPath } from "./links";
import { UPLOAD_KINDS } from "@/lib/storage/kinds";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
// A JPEG with an APP0 segment and a baseline frame of 640 x 480.
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11,
  0x01, 0xff, 0xd9,
]);

describe("file names", () => {
  it("keeps the last segment, refuses control characters and overlong names", () => {
    expect(cleanFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(cleanFileName("../../a.png")).toBe("a.png");
    expect(cleanFileName("  Ü.pdf ")).toBe("Ü.pdf");
    expect(() => cleanFileName("a\u0000.png")).toThrow("The file name is not valid.");
    expect(() => cleanFileName("../")).toThrow("The file name is not valid.");
    expect(() => cleanFileName("")).toThrow("The file name is not valid.");
    expect(() => cleanFileName(`${"x".repeat(256)}`)).toThrow("The file name may not be greater than 255 characters.");
    expect(cleanFileName("🚗".repeat(255))).toHaveLength(510); // 255 characters, 510 UTF-16 units
  });
});

describe("file names in downloads and zips", () => {
  it("uploads drop format characters (bidirectional overrides, zero-width) from the name", () => {
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
    expect(cleanFileName("a\u200Bb\u2066c\u2069\uFEFF.pdf")).toBe("abc.pdf");
  });
  it.each([
    ["CON", "_CON"],
    ["con.txt", "_con.txt"],
    ["NUL.tar.gz", "_NUL.tar.gz"],
    ["Com1.pdf", "_Com1.pdf"],
    ["LPT9", "_LPT9"],
    ["aux .doc", "_aux .doc"],
    ["prn.", "_prn"],
    ["COM\u00b9.txt", "_COM\u00b9.txt"],
    ["console.txt", "console.txt"],
    ["nul-report.pdf", "nul-report.pdf"],
    ["my con.pdf", "my con.pdf"],
    ["a:b*c?.pdf", "a_b_c_.pdf"],
    ["x\u202Egpj.exe", "xgpj.exe"],
    ["...", "download"],
    ["\u202E", "download"],
  ])("%j is offered as %j", (stored, offered) => {
    expect(portableFileName(stored)).toBe(offered);
  });
  it("the Content-Disposition and the zip's own name use the rule", () => {
    expect(contentDisposition("attachment", "CON.pdf")).toBe(
      `attachment; filename="_CON.pdf"; filename*=UTF-8''_CON.pdf`,
    );
    expect(contentDisposition("attachment", "a\u202Etxt.exe")).not.toMatch(/%E2%80%AE/);
    expect(zipFileName("con")).toBe("_con.zip");
    expect(zipFileName("Sales \u202Emeeting")).toBe("Sales meeting.zip");
  });
});

describe("content checks", () => {
  it("takes the real type from the bytes", async () => {
    expect(await checkContent(UPLOAD_KINDS.banner, "a.png", PNG)).toBe("image/png");
    expect(await checkContent(UPLOAD_KINDS.banner, "a.png", JPEG)).toBe("image/jpeg");
    await expect(checkContent(UPLOAD_KINDS.banner, "a.png", Buffer.from("hello"))).rejects.toThrow("Invalid File Type");
    await expect(checkContent(UPLOAD_KINDS.post, "a.png", Buffer.from("MZ\x90\x00", "latin1"))).rejects.toThrow(
      "You can't upload files of this type.",
    );
    await expect(checkContent(UPLOAD_KINDS.post, "run.txt", Buffer.from("#!/bin/sh\nrm -rf /"))).rejects.toThrow();
    await expect(
      checkContent(UPLOAD_KINDS.post, "lib.txt", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])),
    ).rejects.toThrow();
    expect(await checkContent(UPLOAD_KINDS.post, "notes.csv", Buffer.from("a,b\n1,2\n"))).toBe("text/csv");
    expect(await checkContent(UPLOAD_KINDS.post, "data.xyz", Buffer.from("whatever"))).toBe("application/octet-stream");
  });

  it("reads PNG and JPEG dimensions", () => {
    expect(imageSize(PNG)).toEqual({ width: 1, height: 1 });
    expect(imageSize(JPEG)).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from("nope"))).toBeNull();
  });
});

describe("client paths", () => {
  it("accepts our keys, a leading slash or a signed link, and nothing else", () => {
    const key = "post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf";
    expect(keyFromClientPath(key)).toBe(key);
    expect(keyFromClientPath(`/${key}`)).toBe(key);
    expect(keyFromClientPath(`https://portal.example/api/files/${key}?e=1&s=x`)).toBe(key);
    for (const bad of ["../x", "%2e%2e%2f", "/etc/passwd", `${key}/..`, 42])
      expect(() => keyFromClientPath(bad)).toThrow("The file path is not valid.");
  });
});
