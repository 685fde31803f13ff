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

  it("a transaction counts from its first write to its end; one that only reads (kept plans too) does not count", async () => {
    await client.exec("create table if not exists r (id int)");
    const before = writes.value;
    await client.transaction(async (tx) => {
      await tx.query("select set_config('enable_seqscan', 'off', true)");
      await tx.query("prepare read_probe as select count(*) from r");
      await tx.query("execute read_probe");
      await tx.sql`select ${1}::int`;
      await tx.query("deallocate read_probe");
    });
    expect(writes.value).toBe(before);
    let during = 0;
    await client.transaction(async (tx) => {
      await tx.query("select 1");
      expect(writes.value).toBe(before);
      await tx.query("insert into r values (1)");
      during = writes.value;
      expect(during).toBeGreaterThan(before);
      await tx.query("select 1");
    });
    expect(writes.value).toBeGreaterThan(during);
    // Statements of other names, and a prepared write, are writes.
    const beforeOther = writes.value;
    await client.query("prepare other_probe as insert into r values (2)");
    await client.query("execute other_probe");
    expect(writes.value).toBeGreaterThan(beforeOther);
    const beforeSql = writes.value;
    await client.transaction(async (tx) => {
      await tx.sql`insert into r values (${3})`;
    });
    expect(writes.value).toBeGreaterThan(beforeSql);
  });

  it("counts a write that fails too (it may have changed something before failing)", async () => {
    const before = writes.value;
    await expect(client.query("insert into missing values (1)")).rejects.toThrow();
    expect(writes.value).toBeGreaterThan(before);
  });
});
