import { openDatabase } from "@/lib/db";
import { databaseForScript } from "@/scripts/embedded-db.mjs";

/**
 * The portal's own PostgreSQL in `dataDir` (as `npm start` runs it), opened and migrated; closing the
 * handle stops the server again (unless a running portal owns it), so a bench server can start on the
 * folder next.
 */
export async function openEmbedded(dataDir: string): Promise<Awaited<ReturnType<typeof openDatabase>>> {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const server = await databaseForScript(dataDir).finally(() => {
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  });
  const handle = await openDatabase({ url: server.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await server.stop();
    },
  };
}

/** The database a list bench seeds: PostgreSQL at `url`, else the portal's own server in `dataDir`. */
export function openBenchDatabase(where: { dataDir?: string; url?: string }) {
  if (where.url) return openDatabase({ url: where.url });
  if (!where.dataDir) throw new Error("openBenchDatabase: a url or a dataDir");
  return openEmbedded(where.dataDir);
}
