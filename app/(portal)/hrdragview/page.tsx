import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { listHrCards } from "@/lib/users/queries";
import { HrBoard } from "./_components/hr-board";

export const metadata: Metadata = { title: "HR List Order" };

/** The draggable HR list (administrators; others get the 403 page): photo cards in HR order. */
export default async function HrDragViewPage() {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const cards = await listHrCards();
  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">HR List Order</h1>
        <Link href="/user/list" prefetch={false} className="text-sm text-brand-700 hover:underline">
          Back to users
        </Link>
      </div>
      <p id="hr-help" className="text-sm text-slate-600">
        Drag a card to a new place, or focus it and press Space, move it with the arrow keys and press Space again. The
        order is saved at once.
      </p>
      <HrBoard cards={cards} />
    </div>
  );
}
