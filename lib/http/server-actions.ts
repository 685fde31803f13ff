import fs from "node:fs";
import path from "node:path";

/**
 * The server action ids of this build, from the manifest `next build` writes
 * (`.next/server/server-reference-manifest.json`: `{ node: { [id]: ... }, edge: { [id]: ... } }`), or
 * null when there is none to read (development, where Next compiles actions as pages are visited, or
 * a folder without a build): then Next's own handling stands. Read again only when the file changes.
 * No imports from the app: proxy.ts uses this.
 */
let cached: { file: string; mtimeMs: number; ids: Set<string> } | null = null;

export function serverActionManifestFile(root = process.cwd()): string {
  return path.join(/*turbopackIgnore: true*/ root, ".next", "server", "server-reference-manifest.json");
}

export function knownServerActionIds(file = serverActionManifestFile()): Set<string> | null {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.ids;
  try {
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as {
      node?: Record<string, unknown>;
      edge?: Record<string, unknown>;
    };
    const ids = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
    cached = { file, mtimeMs, ids };
    return ids;
  } catch {
    return null;
  }
}

/**
 * Whether a `Next-Action` id names none of this build's actions (a made-up id, one from another
 * deployment or another application). Next answers those with a 409 or 400 and a stack trace in the
 * log; proxy.ts answers 404 first. Only a production server's own build is consulted; elsewhere (null
 * manifest) nothing is refused here.
 */
export function isUnknownServerAction(id: string, known: Set<string> | null): boolean {
  return known !== null && !known.has(id);
}
