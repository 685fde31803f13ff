"use client";

import { useEffect } from "react";
import { parseLastReload, reportedBuild, shouldReload } from "./build-check-logic";

const POLL_MS = 60_000;
const MIN_GAP_MS = 10_000;
const STORAGE_KEY = "portal.build-reload";

/**
 * The old portal's build check: knows the build this page was rendered with, asks /api/health every minute
 * and when the window regains focus, and reloads the page when the server runs a different build.
 */
export function BuildCheck({ build }: { build: string }) {
  useEffect(() => {
    let lastCheck = 0;
    let inFlight = false;
    const check = async () => {
      const now = Date.now();
      if (inFlight || now - lastCheck < MIN_GAP_MS || document.visibilityState === "hidden") return;
      inFlight = true;
      lastCheck = now;
      try {
        const res = await fetch("/api/health", { cache: "no-store", headers: { accept: "application/json" } });
        const reported = reportedBuild(await res.json().catch(() => null));
        const lastReload = parseLastReload(sessionStorage.getItem(STORAGE_KEY));
        if (shouldReload({ current: build, reported, lastReload, now: Date.now() })) {
          sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ build: reported, at: Date.now() }));
          window.location.reload();
        }
      } catch {
        // Offline or server restarting: try again at the next tick.
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(check, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [build]);
  return null;
}
