import path from "node:path";
import { config } from "@/lib/config";
import { LocalDriver } from "./local";
import { S3Driver } from "./s3";
import type { StorageDriver } from "./types";

/**
 * Which driver the environment asks for: S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX), otherwise local disk under
 * STORAGE_DIR (default DATA_DIR/uploads).
 */
export function storageFromEnv(env: Record<string, string | undefined> = process.env): StorageDriver {
  if (env.S3_BUCKET) {
    return new S3Driver({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || "us-east-1",
      endpoint: env.S3_ENDPOINT || undefined,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "1" || env.S3_FORCE_PATH_STYLE === "true",
      prefix: env.S3_PREFIX || "",
    });
  }
  const root = env.STORAGE_DIR
    ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), env.STORAGE_DIR)
    : path.join(/*turbopackIgnore: true*/ config.dataDir, "uploads");
  return new LocalDriver(root);
}

// One driver per process, on globalThis so separately bundled routes share it.
const g = globalThis as unknown as { __portalStorage?: StorageDriver };

export function getStorage(): StorageDriver {
  return (g.__portalStorage ??= storageFromEnv());
}

/** Tests install a driver of their own (a temporary folder, or S3 on s3rver). */
export function setStorageForTesting(driver: StorageDriver | undefined) {
  g.__portalStorage = driver;
}
