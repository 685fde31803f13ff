/**
 * An http(s) address with a host; anything else (javascript:, data:, mailto:, bare words, addresses
 * with credentials) is refused. The one rule for what becomes a link: links in user text (posts,
 * comments, save-the-date entries), menu and sub-menu URLs, attachment links, and what the content
 * forms accept as a link.
 */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}
