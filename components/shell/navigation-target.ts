type Click = Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">;
type Anchor = { getAttribute(name: string): string | null; hasAttribute(name: string): boolean };
type Here = { href: string; origin: string; pathname: string; search: string };

/**
 * Whether following this link with this click is an in-app page navigation the progress bar should
 * show: a plain left click on a same-origin link to another page of the portal. Not: new tabs and
 * windows (modifier keys, target), downloads, API and file URLs, or a jump within the same page.
 */
export function navigationTarget(click: Click, a: Anchor, here: Here): boolean {
  if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  const target = a.getAttribute("target");
  if ((target && target !== "_self") || a.hasAttribute("download")) return false;
  return isOtherPage(a.getAttribute("href"), here);
}

/** Whether `href` (relative to the current page) is another page of the portal: not this one, not an API URL. */
export function isOtherPage(href: string | null, here: Here): boolean {
  if (!href) return false;
  let url: URL;
  try {
    url = new URL(href, here.href);
  } catch {
    return false;
  }
  if (url.origin !== here.origin || url.pathname.startsWith("/api/")) return false;
  return url.pathname !== here.pathname || url.search !== here.search;
}

/** What marks a link the app follows with its router (the shell's and the server-built pages' links). */
export const APP_LINK = "a[data-nav]";

type LinkClick = Click & { target: EventTarget | null; defaultPrevented: boolean };

/**
 * The address to follow in the app for a click on a link matching `selector` (the shell's and the
 * server-built pages' links, handled by delegation): a plain left click nobody handled yet. Null
 * otherwise, and the browser does what it does with the link (new tab, window, download).
 */
export function appLinkHref(click: LinkClick, selector: string): string | null {
  const href = (click.target as Element | null)?.closest?.(selector)?.getAttribute("href");
  if (
    !href ||
    click.defaultPrevented ||
    click.button !== 0 ||
    click.metaKey ||
    click.ctrlKey ||
    click.shiftKey ||
    click.altKey
  )
    return null;
  return href;
}
