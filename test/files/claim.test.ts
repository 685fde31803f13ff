import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { resolveToken } from "@/lib/auth/session";
import { callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { storeDocument } from "@/lib/files/api";
import { claimUploads, deleteFiles, withFileTransaction } from "@/lib/files/mutations";
import { PDF, uploadRequest, setupTempStorage } from "./helpers";

const t = setupTestDatabase();
const storage = setupTempStorage();

async function userOf(name: string) {
  const token = await tokenFor(t.db(), name);
  return { token, user: (await resolveToken(token))! };
}

async function upload(token: string, kind = "post"): Promise<string> {
  const { json } = await callRoute(
    storeDocument,
    uploadRequest(`/api/v1/store_document?kind=${kind}`, { token, parts: [{ name: "a.pdf", data: PDF }] }),
  );
  return json.content;
}

describe("claiming uploads in a save", () => {
  it("attaches the caller's own temporary uploads of the right kind", async () => {
    const { token, user } = await userOf("admin");
    const key = await upload(token);
    const rows = await withFileTransaction((tx) =>
      claimUploads({ keys: [key], user, kinds: ["post", "document"] }, tx),
    );
    expect(rows).toHaveLength(1);
    const [row] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, key));
    expect(row.status).toBe("attached");
    expect(row.attachedAt).toBeInstanceOf(Date);
    // Sent back by an edit form: accepted only when the caller says attached files may be reused.
    await expect(
      withFileTransaction((tx) => claimUploads({ keys: [key], user, kinds: ["post"] }, tx)),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      withFileTransaction((tx) => claimUploads({ keys: [key], user, kinds: ["post"], allowAttached: true }, tx)),
    ).resolves.toHaveLength(1);
  });

  it("refuses another user's temporary upload, a wrong kind and unknown paths, naming the field", async () => {
    const admin = await userOf("admin");
    const manager = await userOf("manager");
    const theirs = await upload(manager.token, "event");
    await expect(
      withFileTransaction((tx) =>
        claimUploads({ keys: [theirs], user: admin.user, kinds: ["event"], field: "imagePath" }, tx),
      ),
    ).rejects.toMatchObject({
      status: 422,
      fieldErrors: { imagePath: ["File not found."] },
    });
    await expect(
      withFileTransaction((tx) => claimUploads({ keys: [theirs], user: manager.user, kinds: ["post"] }, tx)),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      withFileTransaction((tx) =>
        claimUploads(
          { keys: ["post/2025/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf"], user: admin.user, kinds: ["post"] },
          tx,
        ),
      ),
    ).rejects.toMatchObject({ status: 422 });
    const [row] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, theirs));
    expect(row.status).toBe("temporary");
  });

  it("deletes bytes only once the change has committed", async () => {
    const { token } = await userOf("admin");
    const key = await upload(token);
    const [row] = await t.db().select().from(schema.files).where(eq(schema.files.storageKey, key));
    await expect(
      withFileTransaction(async (tx) => {
        await deleteFiles([row], tx);
        throw new Error("save failed");
      }),
    ).rejects.toThrow("save failed");
    expect(fs.existsSync(path.join(storage.root(), key))).toBe(true);
    expect(await t.db().select().from(schema.files).where(eq(schema.files.id, row.id))).toHaveLength(1);

    await withFileTransaction((tx) => deleteFiles([row], tx));
    expect(fs.existsSync(path.join(storage.root(), key))).toBe(false);
    expect(await t.db().select().from(schema.files).where(eq(schema.files.id, row.id))).toEqual([]);
  });

  it("insists on withFileTransaction for deletes inside a transaction", async () => {
    await expect(t.db().transaction((tx) => deleteFiles([{ id: 1, storageKey: "x" }], tx))).rejects.toThrow(
      /withFileTransaction/,
    );
  });
});
