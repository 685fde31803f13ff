import type { IncomingMessage, Server, ServerResponse } from "node:http";
export const OFFERED_METHODS: string[];
export function refuseUnofferedMethod(req: IncomingMessage, res: ServerResponse): boolean;
export function gateRequest(req: IncomingMessage, res: ServerResponse): boolean;
export function servePortal(options: { root: string; port: number; hostname?: string }): Promise<Server>;
