import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isPrepared, markPrepared } from "./prepared-marker.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A project root with a migrations journal, and a data folder with a database folder (DATA_DIR/postgres). */
function setUp() {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portal-prepared-"));
  dirs.push(base);
  const root = path.join(base, "project");
  const dataDir = path.join(base, "data");
  fs.mkdirSync(path.join(root, "db", "migrations", "meta"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "db", "migrations", "meta", "_journal.json"),
    JSON.stringify({ entries: [{ idx: 0, tag: "0000_init" }] }),
  );
  fs.mkdirSync(path.join(dataDir, "postgres"), { recursive: true });
  return { root, dataDir };
}

describe("the prepared marker of the portal.s own database", () => {
  it("is absent until the database has been prepared, then holds for the same migrations and folder", () => {
    const { root, dataDir } = setUp();
    expect(isPrepared(root, dataDir)).toBe(false);
    markPrepared(root, dataDir);
    expect(isPrepared(root, dataDir)).toBe(true);
  });

  it("no longer holds once a migration is added, so the next start prepares again", () => {
    const { root, dataDir } = setUp();
    markPrepared(root, dataDir);
    fs.writeFileSync(
      path.join(root, "db", "migrations", "meta", "_journal.json"),
      JSON.stringify({
        entries: [
          { idx: 0, tag: "0000_init" },
          { idx: 1, tag: "0001_more" },
        ],
      }),
    );
    expect(isPrepared(root, dataDir)).toBe(false);
  });

  it("no longer holds for a database folder deleted and made again, or for a data folder without one", () => {
    const { root, dataDir } = setUp();
    markPrepared(root, dataDir);
    const cluster = path.join(dataDir, "postgres");
    fs.renameSync(cluster, path.join(dataDir, "old")); // keeps the old inode busy, so the new folder gets another
    fs.mkdirSync(cluster);
    expect(isPrepared(root, dataDir)).toBe(false);
    fs.rmSync(cluster, { recursive: true });
    expect(isPrepared(root, dataDir)).toBe(false);
    markPrepared(root, dataDir); // nothing to mark without a database folder
    expect(fs.existsSync(path.join(dataDir, "prepared"))).toBe(true); // the earlier marker, still not valid
    expect(isPrepared(root, dataDir)).toBe(false);
  });
});
