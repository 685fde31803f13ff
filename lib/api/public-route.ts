/**
 * Marks a route handler as deliberately public (no session needed). The access test treats every
 * handler without this mark or withApi as a defect. Also marks a Pages Router API route's Node
 * handler (`(req, res) => Promise<void>`, e.g. the signed download route).
 */
export function publicRoute<F extends (...args: never[]) => Promise<Response | void>>(
  handler: F,
): F & { access: { public: true } } {
  return Object.assign(handler, { access: { public: true as const } });
}
