/**
 * The old portal's message for a call that could not reach the server. A module of its own: client
 * code that only shows it (a chunk that failed to load) need not bring the v1 client (lib/api/client.ts).
 */
export const UNREACHABLE = "Remote server can not be reachable";
