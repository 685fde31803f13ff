export function isPrepared(root: string, dataDir: string): boolean;
export function markPrepared(root: string, dataDir: string): void;
