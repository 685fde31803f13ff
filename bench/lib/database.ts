import postgres from "postgres";

export type BenchDb = { kind: "postgres" | "embedded"; url?: string; drop: () => Promise<void> };

/**
 * The database a bench module's own server uses: a fresh PostgreSQL database named `<prefix>_<pid>`
 * (dropped by `drop()`) on the server at BENCH_DATABASE_URL (default the local one), as in
 * production; the embedded one when BENCH_DB=embedded or when no PostgreSQL answers (an error instead
 * when BENCH_DB=postgres asked for it).
 */
export async function chooseDatabase(prefix: string): Promise<BenchDb> {
  const embedded: BenchDb = { kind: "embedded", drop: async () => {} };
  if (process.env.BENCH_DB === "embedded") return embedded;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    const name = `${prefix}_${process.pid}`;
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return {
      kind: "postgres",
      url: u.toString(),
      drop: async () => {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await admin.end();
      },
    };
  } catch {
    await admin.end().catch(() => {});
    if (process.env.BENCH_DB === "postgres") throw new Error(`PostgreSQL at ${adminUrl} does not answer`);
    return embedded;
  }
}
