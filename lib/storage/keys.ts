import crypto from "node:crypto";
import path from "node:path";
import { extensionOf, type UploadKindName } from "./kinds";
import { InvalidKeyError } from "./errors";

/**
 * Storage keys look like `post/2025/06/<uuid>.pdf`: the kind, the month and a random id. The user's
 * file name never becomes part of a path; only a short, plain extension is kept.
 */
const KEY_RE =
  /^[a-z][a-z-]{0,31}\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.[a-z0-9]{1,10})?$/;

export function isValidKey(key: unknown): key is string {
  return typeof key === "string" && key.length <= 120 && KEY_RE.test(key);
}

export function assertValidKey(key: unknown): asserts key is string {
  if (!isValidKey(key)) throw new InvalidKeyError(String(key));
}

function kindSegment(kind: UploadKindName): string {
  return kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function newKey(kind: UploadKindName, originalName: string, now = new Date()): string {
  const ext = extensionOf(originalName);
  const safeExt = /^[a-z0-9]{1,10}$/.test(ext) ? `.${ext}` : "";
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${kindSegment(kind)}/${yyyy}/${mm}/${crypto.randomUUID()}${safeExt}`;
}

/** The absolute path of a key under `root`, refusing anything that would leave it. */
export function resolveKeyPath(root: string, key: string): string {
  assertValidKey(key);
  const abs = path.resolve(root, key);
  const rel = path.relative(root, abs);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) throw new InvalidKeyError(key);
  return abs;
}
