"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";

/**
 * Asks the server once for the whole page again, layout included. A page that changes what the layout
 * shows (My requests clears the header's count) renders this: moving between pages in the app keeps the
 * layout as it was, so without it the count would stay until a full reload.
 */
export function RefreshOnMount() {
  const router = useRouter();
  useEffect(() => {
    router.refresh();
  }, [router]);
  return null;
}
