/**
 * One round of the text extractor in a process of its own, against DATABASE_URL with a lease of
 * TEST_LEASE_MS, whose storage never finishes handing over a file (as a big PDF being read): it says
 * "reading" on stdout when it starts, and test/search/extraction.test.ts kills it then (SIGKILL), as an
 * instance dies.
 */
import { extractDue } from "@/lib/search/extract-jobs";
import { setStorageForTesting } from "@/lib/storage";
import type { StorageDriver } from "@/lib/storage/types";

setStorageForTesting({
  get: () => {
    process.stdout.write("reading\n");
    return new Promise(() => {});
  },
} as unknown as StorageDriver);
await extractDue({ leaseMs: Number(process.env.TEST_LEASE_MS) });
process.exit(0);
