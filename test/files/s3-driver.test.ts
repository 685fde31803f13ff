import crypto from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListObjectsV2Command, ListMultipartUploadsCommand } from "@aws-sdk/client-s3";
import { S3Driver } from "@/lib/storage/s3";
import { setStorageForTesting, storageFromEnv } from "@/lib/storage";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeDocument } from "@/lib/files/api";
import { GET as signedUrlPath } from "@/app/api/v1/getsignedurlpath/route";
import fileRoute from "@/pages/api/files/[...key]";
import { signAppFileUrl } from "@/lib/storage/signing";
import { PDF, uploadRequest, setupNodeRouteServer } from "./helpers";
import { startS3rver, type RunningS3rver } from "./s3-server";
import { FileTooLargeError } from "@/lib/storage/errors";
import { newKey } from "@/lib/storage/keys";

const t = setupTestDatabase();
const fileServer = setupNodeRouteServer(fileRoute);

let s3: RunningS3rver;
let driver: S3Driver;
let BUCKET = "";

beforeAll(async () => {
  s3 = await startS3rver();
  BUCKET = s3.env.S3_BUCKET;
  driver = storageFromEnv(s3.env) as S3Driver;
  expect(driver).toBeInstanceOf(S3Driver);
});

afterAll(async () => {
  driver?.client.destroy();
  await s3?.close();
});

async function listKeys(): Promise<string[]> {
  const out = await driver.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe("S3 driver (against s3rver)", () => {
  it("streams a multipart upload, reads it back whole and by range, stats and deletes it", async () => {
    const data = crypto.randomBytes(20 * 1024 * 1024 + 123); // three parts of 8 MB
    const key = newKey("post", "manual.pdf");
    const result = await driver.put(key, Readable.from([data.subarray(0, 7_000_000), data.subarray(7_000_000)]), {
      maxBytes: 250 * 1024 * 1024,
      contentType: "application/pdf",
      checksum: true,
    });
    expect(result).toEqual({ size: data.length, sha256: crypto.createHash("sha256").update(data).digest("hex") });
    expect(await driver.stat(key)).toMatchObject({ size: data.length });
    expect((await readAll(await driver.get(key))).equals(data)).toBe(true);
    const tail = await readAll(await driver.get(key, { start: data.length - 1024, end: data.length - 1 }));
    expect(tail.equals(data.subarray(data.length - 1024))).toBe(true);

    const url = await driver.signedUrl(key, {
      expiresInSeconds: 300,
      fileName: "Übersicht.pdf",
      contentType: "application/pdf",
      disposition: "attachment",
      baseUrl: "",
    });
    const u = new URL(url);
    expect(u.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(u.searchParams.get("response-content-disposition")).toBe(
      `attachment; filename="Ubersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht.pdf`,
    );
    const res = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(0, 10))).toBe(true);

    await driver.delete(key);
    expect(await driver.stat(key)).toBeNull();
    await driver.delete(key); // missing is fine
  });

  it("stops an oversize upload at the limit and leaves no object or parts behind", async () => {
    const key = newKey("banner", "big.png");
    const data = crypto.randomBytes(12 * 1024 * 1024);
    await expect(
      driver.put(key, Readable.from([data.subarray(0, 9_000_000), data.subarray(9_000_000)]), {
        maxBytes: 10 * 1024 * 1024,
      }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await listKeys()).toEqual([]);
    const mp = await driver.client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }));
    expect(mp.Uploads ?? []).toEqual([]);
  });

  it("leaves nothing when the source stream breaks", async () => {
    const key = newKey("document", "cut.pdf");
    async function* broken() {
      yield crypto.randomBytes(1024 * 1024);
      throw new Error("client went away");
    }
    await expect(driver.put(key, Readable.from(broken()), { maxBytes: 250 * 1024 * 1024 })).rejects.toThrow(
      "client went away",
    );
    expect(await listKeys()).toEqual([]);
  });

  it("refuses keys outside the layout", async () => {
    await expect(driver.get("../secret")).rejects.toThrow(/Invalid storage key/);
    await expect(driver.delete("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
  });
});

describe("the upload and download calls on S3", () => {
  it("store_document streams to the bucket, getsignedurlpath presigns, the app route streams from S3", async () => {
    setStorageForTesting(driver);
    try {
      const token = await tokenFor(t.db(), "admin");
      const data = Buffer.concat([PDF, crypto.randomBytes(9 * 1024 * 1024)]);
      const up = await callRoute(
        storeDocument,
        uploadRequest("/api/v1/store_document?kind=post", { token, parts: [{ name: "Bulletin.pdf", data }] }),
      );
      expect(up.status).toBe(200);
      expect(await listKeys()).toEqual([up.json.content]);
      const signed = await callRoute(
        signedUrlPath,
        apiRequest(`/api/v1/getsignedurlpath?file=${up.json.content}`, { token }),
      );
      const url = signed.json.content.file_path as string;
      expect(url).toContain("X-Amz-Signature=");
      expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(data)).toBe(true);

      const res = await fileServer.request(signAppFileUrl(up.json.content, 60), { headers: { range: "bytes=-100" } });
      expect(res.status).toBe(206);
      expect(res.body.equals(data.subarray(data.length - 100))).toBe(true);
      const whole = await fileServer.request(signAppFileUrl(up.json.content, 60));
      expect(whole.status).toBe(200);
      expect(whole.body.equals(data)).toBe(true);

      const cut = await callRoute(
        storeDocument,
        uploadRequest("/api/v1/store_document?kind=post", {
          token,
          parts: [{ name: "x.pdf", data }],
          truncateAfter: data.length - 10,
        }),
      );
      expect(cut.status).toBe(400);
      expect(await listKeys()).toEqual([up.json.content]);
      await driver.delete(up.json.content);
    } finally {
      setStorageForTesting(undefined);
    }
  });
});
