import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AsyncLocalStorage } from "node:async_hooks";
export const OFFERED_METHODS: string[];
export function refuseUnofferedMethod(req: IncomingMessage, res: ServerResponse): boolean;
export function gateRequest(req: IncomingMessage, res: ServerResponse): boolean;
export function servePortal(options: { root: string; port: number; hostname?: string }): Promise<Server>;
export const requestFaults: AsyncLocalStorage<{ databaseUnavailable: boolean }>;
export function serveWatchingFaults(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): unknown;
export function watchRequestBody(req: IncomingMessage, write?: (line: string) => void): void;
export function portalRequestListener(
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void;
