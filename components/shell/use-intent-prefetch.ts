import { useRef } from "react";
import { useRouter } from "next/navigation";

/**
 * Handlers for a region (onMouseOver, onFocus, onTouchStart) that prefetch an in-app link's page once,
 * when the user shows intent (hover, focus, touch), rather than every link as it scrolls into view:
 * the portal's links are next/link with `prefetch={false}`, and a page has dozens of them.
 * `selector` picks the links this applies to.
 */
export function useIntentPrefetch(selector: string) {
  const router = useRouter();
  const warmed = useRef(new Set<string>());
  const onIntent = (event: React.SyntheticEvent) => {
    const href = (event.target as Element).closest?.<HTMLAnchorElement>(selector)?.getAttribute("href");
    if (!href || warmed.current.has(href) || href === window.location.pathname) return;
    warmed.current.add(href);
    router.prefetch(href);
  };
  return { onMouseOver: onIntent, onFocus: onIntent, onTouchStart: onIntent };
}
