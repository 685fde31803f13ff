import { PageSkeleton } from "@/components/shell/page-skeleton";

/** Loading state of a menu page; [slug]/layout.tsx has already answered 404/403 above this boundary. */
export default function MenuPageLoading() {
  return <PageSkeleton />;
}
