import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one folder silently lose rows. Every process that
 * opens the folder takes this lock file (holding its pid); a second process is refused with a clear
 * message. A lock left by a process that died is taken over.
 */
export function acquirePgliteLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "portal.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid === process.pid) return () => {};
      if (pid && isAlive(pid)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${pid} (a running portal server, seed or migration). ` +
            `Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.unlinkSync(lockFile); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
