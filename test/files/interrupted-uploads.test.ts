import crypto from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { schema } from "@/lib/db";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeMediaBanner } from "@/lib/files/api";
import { claimUploads } from "@/lib/files/mutations";
import { DAY_MS, sweepUploads } from "@/lib/files/sweep";
import { GET as signedUrlPath } from "@/app/api/v1/getsignedurlpath/route";
import { resolveToken } from "@/lib/auth/session";
import { setStorageForTesting, storageFromEnv } from "@/lib/storage";
import { FileTooLargeError } from "@/lib/storage/errors";
import { newKey } from "@/lib/storage/keys";
import { LocalDriver } from "@/lib/storage/local";
import { S3Driver } from "@/lib/storage/s3";
import type { PutOptions } from "@/lib/storage/types";
import { bigPng, PNG_1X1, uploadRequest, setupTempStorage } from "./helpers";
import { startS3rver, type RunningS3rver } from "./s3-server";

const t = setupTestDatabase();
const local = setupTempStorage();
const MB = 1024 * 1024;
const PREFIX = "portal/";
/** A banner 73 bytes over the 25 MB limit, in a request whose Content-Length passes the early check. */
const JUST_OVER = 25 * MB + 73;

let s3: RunningS3rver;
let driver: S3Driver;

beforeAll(async () => {
  s3 = await startS3rver();
  driver = storageFromEnv({ ...s3.env, S3_PREFIX: PREFIX }) as S3Driver;
});
afterAll(async () => {
  driver?.client.destroy();
  await s3?.close();
});

/** Runs `fn` with the S3 driver installed, then the test file's local disk again. */
async function onS3<T>(fn: () => Promise<T>): Promise<T> {
  setStorageForTesting(driver);
  try {
    return await fn();
  } finally {
    setStorageForTesting(local.driver());
  }
}

async function startMultipart(key: string): Promise<string> {
  const { UploadId } = await driver.client.send(
    new CreateMultipartUploadCommand({ Bucket: s3.env.S3_BUCKET, Key: key }),
  );
  await driver.client.send(
    new UploadPartCommand({
      Bucket: s3.env.S3_BUCKET,
      Key: key,
      UploadId,
      PartNumber: 1,
      Body: crypto.randomBytes(MB),
    }),
  );
  return UploadId!;
}

async function multipartKeys(): Promise<string[]> {
  const out = await driver.client.send(new ListMultipartUploadsCommand({ Bucket: s3.env.S3_BUCKET }));
  return (out.Uploads ?? []).map((u) => u.Key!).sort();
}

async function uploadBanner(data: Buffer) {
  const token = await tokenFor(t.db(), "admin");
  return callRoute(
    storeMediaBanner,
    uploadRequest("/api/v1/store_media_banner", { token, parts: [{ name: "banner.png", data }] }),
  );
}

describe("interrupted uploads leave nothing behind, on S3 too", () => {
  it("the sweeper aborts this portal's incomplete multipart uploads older than its window, under S3_PREFIX only", async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    // What an instance killed mid-upload leaves: a multipart upload with a part stored, never completed.
    const dead = `${PREFIX}${newKey("document", "manual.pdf")}`;
    const running = `${PREFIX}${newKey("document", "slow.pdf")}`;
    const notOurs = `${PREFIX}exports/report.csv`;
    const elsewhere = newKey("document", "other-app.pdf");
    for (const [key, old] of [
      [dead, true],
      [running, false],
      [notOurs, true],
      [elsewhere, true],
    ] as const) {
      const id = await startMultipart(key);
      if (old) s3.backdateUpload(id, twoDaysAgo);
    }
    expect(await multipartKeys()).toEqual([dead, running, notOurs, elsewhere].sort());

    const result = await onS3(() => sweepUploads());
    expect(result.partials).toBe(1);
    // An upload still within the window may be streaming; another application's uploads are not ours.
    expect(await multipartKeys()).toEqual([running, notOurs, elsewhere].sort());
    const objects = await driver.client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
    expect(objects.Contents ?? []).toEqual([]);
  });

  it("a temporary row of size 0 (its bytes never stored) gets no signed link, cannot be saved, and goes after the window", async () => {
    const admin = (await resolveToken(await tokenFor(t.db(), "admin")))!;
    const key = newKey("document", "never-stored.pdf");
    const stored = newKey("document", "stored.pdf");
    await local.driver().put(stored, Readable.from([Buffer.from("%PDF-1.4 stored")]), { maxBytes: MB });
    await t
      .db()
      .insert(schema.files)
      .values([
        { storageKey: key, originalName: "never-stored.pdf", ownerId: admin.id, kind: "document", status: "temporary" },
        { storageKey: stored, originalName: "stored.pdf", size: 15, ownerId: admin.id, kind: "document" },
      ]);
    const token = await tokenFor(t.db(), "admin");
    const link = (file: string) =>
      callRoute(signedUrlPath, apiRequest(`/api/v1/getsignedurlpath?file=${file}`, { token }));
    expect((await link(key)).status).toBe(404);
    expect((await link(stored)).status).toBe(200);
    await expect(
      t.db().transaction((tx) => claimUploads({ keys: [key], user: admin, kinds: ["document"] }, tx)),
    ).rejects.toMatchObject({ status: 422 });

    // Within the window the row stays (its upload may still be streaming); after it, the row goes.
    expect((await sweepUploads()).temporary).toBe(0);
    const later = new Date(Date.now() + DAY_MS + 60_000);
    expect((await sweepUploads({ now: later })).temporary).toBe(2);
    expect(await t.db().select().from(schema.files).where(eq(schema.files.storageKey, key))).toEqual([]);
    expect(local.files()).toEqual([]);
  });
});

describe("an upload over its limit is a 413 every time", () => {
  const tooBig = /^File is too big \(\d+(\.\d+)?MB\)\. Max allowed file size is 25MB$/;

  it("the storage meter first: the 25 MB + 73 bytes banner, on local disk and on S3", async () => {
    const banner = bigPng(JUST_OVER);
    const onDisk = await uploadBanner(banner);
    expect(onDisk.status).toBe(413);
    expect(onDisk.json.message).toMatch(tooBig);
    const onS3Answer = await onS3(() => uploadBanner(banner));
    expect(onS3Answer.status).toBe(413);
    expect(onS3Answer.json.message).toMatch(tooBig);
    expect(await t.db().select().from(schema.files)).toEqual([]);
    expect(local.files()).toEqual([]);
    expect(await multipartKeys()).not.toContain(expect.stringContaining("banner/"));
  });

  it("the storage meter first, with a driver another bundle of the server made (its own copy of the error class)", async () => {
    // Next bundles the upload routes, the App Router and the instrumentation (the hourly sweeper) apart, and
    // the first of them to ask for storage makes the one driver every bundle shares (lib/storage/index.ts).
    const modulePath = "@/lib/storage/errors?another-bundle";
    const other = (await import(/* @vite-ignore */ modulePath)) as typeof import("@/lib/storage/errors");
    expect(other.FileTooLargeError).not.toBe(FileTooLargeError);
    class DriverOfAnotherBundle extends LocalDriver {
      async put(key: string, body: Readable, options: PutOptions) {
        try {
          return await super.put(key, body, options);
        } catch (err) {
          if (err instanceof FileTooLargeError) throw new other.FileTooLargeError(err.maxBytes, err.bytesSeen);
          throw err;
        }
      }
    }
    setStorageForTesting(new DriverOfAnotherBundle(local.root()));
    try {
      const answer = await uploadBanner(bigPng(JUST_OVER));
      expect(answer.status).toBe(413);
      expect(answer.json.message).toMatch(tooBig);
    } finally {
      setStorageForTesting(local.driver());
    }
    expect(await t.db().select().from(schema.files)).toEqual([]);
    expect(local.files()).toEqual([]);
  });

  it("the request's declared size first (before a byte is stored): the same 413", async () => {
    const answer = await uploadBanner(bigPng(26 * MB));
    expect(answer.status).toBe(413);
    expect(answer.json.message).toMatch(tooBig);
    expect(await t.db().select().from(schema.files)).toEqual([]);
    // And a banner at the limit exactly is stored.
    const atLimit = await uploadBanner(Buffer.concat([bigPng(25 * MB - PNG_1X1.length), PNG_1X1]));
    expect(atLimit.status).toBe(200);
  });
});
