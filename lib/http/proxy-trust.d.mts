// Types of lib/http/proxy-trust.mjs (plain JavaScript, as the launcher runs before TypeScript compiles).
import type { IncomingMessage, ServerResponse } from "node:http";

export type TrustProxy = { kind: "off" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: string[] };

export function trustProxySetting(value?: string | undefined): TrustProxy;
export function normaliseAddress(ip: string): string;
export function addressMatches(ip: string, rule: string): boolean;
export function forwardedChain(value: string | null | undefined): string[];
export function forwardedHeadersTrusted(
  req: { headers: { get(name: string): string | null } },
  trust?: TrustProxy,
): boolean;
export function configuredOrigin(env?: Record<string, string | undefined>): string | null;
export function sanitiseForwardedHeaders(req: IncomingMessage): void;
export function addHsts(res: ServerResponse): void;
