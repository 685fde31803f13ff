"use client";

import dynamic from "next/dynamic";

/**
 * Role 1's Edit, Pin/Unpin and Delete buttons as their own chunk: the lists render them only for
 * role 1, so everyone else's first load leaves them out. The server still renders them and
 * next/dynamic preloads the chunk where they render; a client-side navigation keeps their space
 * until it arrives.
 */
export const ItemActions = dynamic(() => import("./item-actions").then((m) => m.ItemActions), {
  loading: () => <div aria-hidden="true" className="h-9 w-9 shrink-0" />,
});
