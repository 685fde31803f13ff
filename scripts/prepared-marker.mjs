// The portal's own database's "prepared" marker. `npm start` prepares the database (migrations, first-start
// seed) in a process of its own before the server (scripts/db-prepare.ts); once that has run, the
// marker records for which migrations and for which database folder. On a warm restart with the same
// migrations and folder there is nothing left to prepare, so scripts/start.mjs skips that process (about
// two seconds of a restart) and the server's own check at start (instrumentation.ts) finds nothing to do.
// Plain JavaScript, because start.mjs runs before anything can compile TypeScript.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const MARKER = "prepared";

/**
 * What a prepared folder was prepared for: the migrations (their journal) and the database folder
 * itself (a folder deleted and made again is another database). Null while the folder does not exist.
 * The paths are scripts/embedded-db.mjs's (DATA_DIR/postgres) and db/migrations; should they move without this
 * following, the marker never matches and every start prepares, as before the marker.
 * @param {string} root the project root (db/migrations)
 * @param {string} dataDir DATA_DIR, resolved
 * @returns {string | null}
 */
function preparedFingerprint(root, dataDir) {
  let folder;
  try {
    folder = fs.statSync(path.join(dataDir, "postgres"), { bigint: true });
  } catch {
    return null;
  }
  const journal = fs.readFileSync(path.join(root, "db", "migrations", "meta", "_journal.json"));
  const migrations = crypto.createHash("sha256").update(journal).digest("hex");
  return `migrations ${migrations}\nfolder ${folder.dev}:${folder.ino}:${folder.birthtimeNs}\n`;
}

/**
 * Whether the embedded database in `dataDir` was prepared for the current migrations.
 * @param {string} root
 * @param {string} dataDir
 * @returns {boolean}
 */
export function isPrepared(root, dataDir) {
  const expected = preparedFingerprint(root, dataDir);
  if (expected === null) return false;
  try {
    return fs.readFileSync(path.join(dataDir, MARKER), "utf8") === expected;
  } catch {
    return false;
  }
}

/**
 * Records that the embedded database in `dataDir` is prepared for the current migrations.
 * @param {string} root
 * @param {string} dataDir
 */
export function markPrepared(root, dataDir) {
  const fingerprint = preparedFingerprint(root, dataDir);
  if (fingerprint !== null) fs.writeFileSync(path.join(dataDir, MARKER), fingerprint);
}
