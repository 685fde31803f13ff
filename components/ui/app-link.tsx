/**
 * A link to another page of the portal in server-rendered content (posts, tabs, pager, attachment groups):
 * a plain `<a data-nav>` (APP_LINK, components/shell/navigation-target.ts) that the shell follows with the
 * app's router by delegation, and that the region around it prefetches on intent. A next/link costs every
 * page's server rendering more (its own component, context and hooks per link, and a client reference in
 * the payload), and a discussion page has two per post.
 */
export function AppLink({ href, ...props }: Omit<React.ComponentProps<"a">, "href"> & { href: string }) {
  return <a href={href} data-nav="" {...props} />;
}
