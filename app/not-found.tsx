import type { Metadata } from "next";
import { PageNotFound } from "@/components/shell/page-not-found";

export const metadata: Metadata = { title: "Page not found" };

/**
 * 404 for any path no route matches, without header or sidebar (the old portal: PageNotFound). 'Go To Home Page'
 * goes to `/`, which sends a signed-in user to the first menu page and anyone else to /login.
 * The only 404 page: an unknown menu slug or a missing record under a menu page (notFound() in a portal
 * page) shows it too, rendered inside the portal layout, which it then hides (PageNotFound).
 */
export default function NotFound() {
  return <PageNotFound />;
}
