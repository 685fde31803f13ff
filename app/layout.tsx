import type { Metadata, Viewport } from "next";
import { Toaster } from "@/components/ui/toast";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Staff Portal", template: "%s · Staff Portal" },
  description: "Intranet portal for the dealership group",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#172554" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
