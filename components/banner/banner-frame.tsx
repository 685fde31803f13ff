"use client";

import { createContext, useContext } from "react";
import { FlashMessage, useFlash, type Flash } from "./use-flash";

const FlashContext = createContext<(f: Flash | null) => void>(() => {});

/** Keeps the banner's messages on screen while the area switches between image and upload. */
export function BannerFrame({ children }: { children: React.ReactNode }) {
  const [flash, show] = useFlash();
  return (
    <FlashContext.Provider value={show}>
      <div className="mb-6">
        {children}
        <FlashMessage flash={flash} className="mt-2 empty:hidden" />
      </div>
    </FlashContext.Provider>
  );
}

export function useBannerFlash() {
  return useContext(FlashContext);
}
