export function preparedFingerprint(root: string, dataDir: string): string | null;
export function isPrepared(root: string, dataDir: string): boolean;
export function markPrepared(root: string, dataDir: string): void;
