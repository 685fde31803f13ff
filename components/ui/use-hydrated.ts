import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and while the page hydrates, true from then on: for parts that only work in a
 * browser. Rendering those as `{hydrated && <Part />}` (with the Part from next/dynamic) instead of
 * next/dynamic's `ssr: false` gives the same page without its cost: `ssr: false` makes the server
 * throw a bail-out error and stream an extra boundary on every render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
