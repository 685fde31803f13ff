import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { Toaster } from "@/components/ui/toast";
import { NotFoundPlacement } from "@/components/shell/page-not-found";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Staff Portal", template: "%s · Staff Portal" },
  description: "Intranet portal for the dealership group",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#172554" };

/**
 * Every page renders per request: its scripts carry the request's CSP nonce (proxy.ts), which a page
 * prerendered at build time (the 404 page) could not.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <NotFoundPlacement inShell={false}>{children}</NotFoundPlacement>
        <Toaster />
      </body>
    </html>
  );
}
