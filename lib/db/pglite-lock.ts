import fs from "node:fs";
import path from "node:path";

/** The `code` of the error that refuses a folder another live process holds. */
export const DATABASE_IN_USE = "DATABASE_IN_USE";

/**
 * PGlite has no lock of its own: two processes on one folder silently lose rows. Every process that
 * opens the folder takes this lock file (holding its pid); a second process is refused with a clear
 * message. A lock left by a process that died is taken over.
 */
export function acquirePgliteLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "portal.lock");
  for (let attempt = 0; attempt < 5; attempt++) {
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
    }
    const pid = readHolder(lockFile);
    if (pid === null) continue; // released in the meantime: try again
    if (pid === process.pid) return () => {};
    if (pid && isAlive(pid)) {
      const message =
        `The embedded database in ${dir} is in use by process ${pid} (a running portal server, seed or migration). ` +
        `Stop that process first, or set DATABASE_URL to use PostgreSQL.`;
      throw Object.assign(new Error(message), { code: DATABASE_IN_USE });
    }
    try {
      fs.unlinkSync(lockFile); // stale lock from a process that died
    } catch {
      /* another process took it over first */
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/**
 * The pid in the lock file; null when the file is gone. The holder creates the file and then writes
 * its pid, so an empty file is given a moment before it counts as left by a crash (0).
 */
function readHolder(lockFile: string): number | null {
  for (let i = 0; i < 40; i++) {
    let text: string;
    try {
      text = fs.readFileSync(lockFile, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
    const pid = Number(text.trim());
    if (Number.isInteger(pid) && pid > 0) return pid;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return 0;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
