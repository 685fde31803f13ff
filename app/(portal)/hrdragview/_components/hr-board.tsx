"use client";

import { useState } from "react";
import { DndContext, closestCenter, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Avatar } from "@/components/ui/avatar";
import { sortAnnouncements, useSortSensors } from "@/components/ui/sortable";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { saveHrOrderAction } from "@/lib/users/actions";
import type { HrCard } from "@/lib/users/queries";

/**
 * The HR cards, reordered with dnd-kit by mouse, touch (after a short press, so the page still
 * scrolls) and keyboard (Space, arrows, Space). Each drop saves the whole order in one transaction;
 * a refused save puts the cards back.
 */
export function HrBoard({ cards: initial }: { cards: HrCard[] }) {
  const [cards, setCards] = useState(initial);
  const [saving, setSaving] = useState(false);
  const sensors = useSortSensors(8);
  const nameOf = (id: unknown) => cards.find((c) => c.id === Number(id))?.name ?? "card";
  const positionOf = (id: unknown) => cards.findIndex((c) => c.id === Number(id)) + 1;
  const announcements = sortAnnouncements({
    nameOf,
    positionOf,
    count: cards.length,
    over: "moved to",
    away: "a place",
  });

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = cards;
    const next = arrayMove(cards, positionOf(active.id) - 1, positionOf(over.id) - 1);
    setCards(next);
    setSaving(true);
    const res = await callAction(saveHrOrderAction({ ids: next.map((c) => c.id) }));
    setSaving(false);
    if (res.ok) toast.success(res.message ?? "Saved");
    else {
      setCards(before);
      toast.error(res.message);
    }
  };

  if (!cards.length) return <p className="text-sm text-slate-600">No users yet.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a card, press Space, move it with the arrow keys, then press Space again to drop it or Escape to cancel.",
        },
      }}
    >
      <SortableContext items={cards.map((c) => c.id)} strategy={rectSortingStrategy}>
        <div
          role="group"
          aria-label="HR list"
          aria-describedby="hr-help"
          aria-busy={saving || undefined}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        >
          {cards.map((c, i) => (
            <SortableCard key={c.id} card={c} position={i + 1} />
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableCard({ card, position }: { card: HrCard; position: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: card.id });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
      aria-label={`${card.name}, position ${position}`}
      className={`flex cursor-grab touch-manipulation flex-col items-center gap-2 rounded-lg border bg-white p-3 text-center shadow-sm outline-none select-none focus-visible:ring-2 focus-visible:ring-brand-500 ${isDragging ? "z-10 border-brand-500 shadow-lg" : "border-slate-200"}`}
    >
      <Avatar initials={card.initials} color={card.color} src={card.imageUrl} className="h-16 w-16 text-lg" />
      <span className="w-full truncate text-sm font-medium text-slate-900">{card.name}</span>
      {card.post && <span className="w-full truncate text-xs text-slate-500">{card.post}</span>}
    </div>
  );
}
