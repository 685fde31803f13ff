/**
 * The dropzone's remove (docs/decisions.md: screens write through server actions): the same rules and messages as
 * DELETE removemedia (download.test.ts): one's own temporary upload goes, bytes and row; another's is
 * refused and kept; role 1 may remove any.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { actors } from "@/test/content/helpers";
import { storeDocument } from "@/lib/files/api";
import { PDF, setupTempStorage, uploadRequest } from "./helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { removeUploadAction } = await import("@/lib/files/actions");

const t = setupTestDatabase();
const storage = setupTempStorage();
let who: Awaited<ReturnType<typeof actors>>;
beforeAll(async () => {
  who = await actors(t.db());
});

async function upload(user: string): Promise<string> {
  const token = await tokenFor(t.db(), user);
  const { status, json } = await callRoute(
    storeDocument,
    uploadRequest("/api/v1/store_document?kind=event", { token, parts: [{ name: "agenda.pdf", data: PDF }] }),
  );
  expect(status).toBe(200);
  return json.content;
}
const stored = (key: string) => fs.existsSync(path.join(storage.root(), key));
const rows = (key: string) => t.db().select().from(schema.files).where(eq(schema.files.storageKey, key));

describe("removeUploadAction", () => {
  it("removes the caller's own temporary upload, bytes and row, with removemedia's message", async () => {
    const key = await upload("manager");
    signedIn.user = who.manager.user;
    expect(await removeUploadAction({ filePath: key })).toEqual({
      ok: true,
      data: null,
      message: "File Removed Successfully",
    });
    expect(await rows(key)).toEqual([]);
    expect(stored(key)).toBe(false);
  });

  it("refuses another user's upload (403) and keeps it; role 1 may remove it", async () => {
    const key = await upload("manager");
    signedIn.user = who.staff.user;
    expect(await removeUploadAction({ filePath: key })).toMatchObject({
      ok: false,
      status: 403,
      message: "You can only remove your own uploads.",
    });
    expect(stored(key)).toBe(true);
    expect(await rows(key)).toHaveLength(1);
    signedIn.user = who.admin.user;
    expect(await removeUploadAction({ filePath: key })).toMatchObject({ ok: true });
    expect(stored(key)).toBe(false);
  });

  it("refuses a path outside storage with a field error, and an empty one with the old portal's message", async () => {
    signedIn.user = who.admin.user;
    expect(await removeUploadAction({ filePath: "../keep-me.txt" })).toMatchObject({ ok: false, status: 422 });
    expect(await removeUploadAction({ filePath: "" })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { filePath: ["The file path is required."] },
    });
  });
});
