/**
 * Marks a route handler as deliberately public (no session needed). The access test treats every
 * handler without this mark or withApi as a defect.
 */
export function publicRoute<F extends (...args: never[]) => Promise<Response>>(handler: F): F & { access: { public: true } } {
  return Object.assign(handler, { access: { public: true as const } });
}
