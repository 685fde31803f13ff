import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { trackWrites, type WriteCounter } from "./write-counter";

describe("trackWrites", () => {
  let client: PGlite;
  let writes: WriteCounter;
  beforeAll(async () => {
    client = await PGlite.create();
    writes = trackWrites(client);
  });
  afterAll(() => client.close());

  it("counts every statement that may write, and no plain SELECT", async () => {
    await client.exec("create table t (id int)");
    const afterDdl = writes.value;
    expect(afterDdl).toBeGreaterThan(0);
    await client.query("select * from t");
    await client.sql`select 1`;
    expect(writes.value).toBe(afterDdl);
    await client.query("insert into t values (1)");
    const afterInsert = writes.value;
    expect(afterInsert).toBeGreaterThan(afterDdl);
    await client.query("with x as (delete from t returning id) select * from x");
    expect(writes.value).toBeGreaterThan(afterInsert);
    const beforeTx = writes.value;
    await client.transaction(async (tx) => {
      await tx.query("update t set id = 2");
    });
    expect(writes.value).toBeGreaterThan(beforeTx);
  });

  it("counts a write that fails too (it may have changed something before failing)", async () => {
    const before = writes.value;
    await expect(client.query("insert into missing values (1)")).rejects.toThrow();
    expect(writes.value).toBeGreaterThan(before);
  });
});
