import { DateText } from "./date-text";

/** An edit this soon after publishing (the save that published it) is not shown as one. */
const EDIT_SHOWN_AFTER_MS = 60_000;

/**
 * A discussion post's date: the moment it became visible (docs/features/content.md), and 'Edited' with
 * the edit's own time when it was edited after that (an edit does not move the post in the list).
 */
export function PostDate({ post }: { post: { publishedAt: Date; editedAt: Date | null } }) {
  const edited =
    post.editedAt && post.editedAt.getTime() >= post.publishedAt.getTime() + EDIT_SHOWN_AFTER_MS ? post.editedAt : null;
  return (
    <>
      <DateText date={post.publishedAt} kind="long" /> <DateText date={post.publishedAt} kind="time" />
      {edited && (
        <span className="whitespace-nowrap">
          {" "}
          · Edited <DateText date={edited} kind="long" /> <DateText date={edited} kind="time" />
        </span>
      )}
    </>
  );
}
