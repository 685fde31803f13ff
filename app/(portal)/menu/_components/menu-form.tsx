"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { Icon } from "@/components/ui/icon";
import { isIconName } from "@/components/ui/icon-names";
import { Modal } from "@/components/ui/modal";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { saveMenuAction } from "@/lib/menus/actions";
import { ATTACHMENT_OPTIONS, MENU_TITLE_MAX, PAGE_TYPES, addEditMenuBody } from "@/lib/menus/schemas";
import type { EditorMenu } from "@/lib/menus/queries";

export type IconOption = { id: number; url: string };

type Props = {
  /** The menu being edited; null adds a new one. */
  menu: EditorMenu | null;
  /** Set for a sub-menu (new or edited): its main menu. */
  parentId?: number;
  icons: IconOption[] | null;
  onCancel: () => void;
  onSaved: () => void;
};

type Field = "menu_title" | "url" | "features" | "allow_in_attachment" | "icon_id" | "_";

const attachmentList = (value: number | null) => (value === 3 ? [1, 2] : value ? [value] : []);

/**
 * The inline editor of one main or sub-menu: title, icon (picker fed by get_icons), page types or a
 * URL (never both: choosing a type hides the URL, typing a URL hides the types), types 1 and 2 exclude
 * type 3, and the Allow In Attachment options only with type 2. A built-in menu's types are fixed. The
 * body is checked with add_edit_menu's own schema before it is sent, and the server checks it again.
 */
export function MenuForm({ menu, parentId, icons, onCancel, onSaved }: Props) {
  const sub = parentId !== undefined;
  const builtin = menu?.isBuiltin ?? false;
  const idBase = useId();
  const [title, setTitle] = useState(menu?.title ?? "");
  const [iconId, setIconId] = useState<number | null>(menu?.iconId ?? null);
  const [url, setUrl] = useState(menu?.url ?? "");
  const [types, setTypes] = useState<number[]>(menu?.pageTypes ?? []);
  const [attach, setAttach] = useState<number[]>(attachmentList(menu?.allowInAttachment ?? null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);

  const showTypes = url.trim() === "";
  const showUrl = !builtin && types.length === 0;
  const icon = icons?.find((i) => i.id === iconId)?.url ?? menu?.icon ?? null;

  const toggleType = (t: number, on: boolean) => {
    const next = on
      ? t === 3
        ? [3]
        : [...types.filter((x) => x !== 3 && x !== t), t].sort()
      : types.filter((x) => x !== t);
    setTypes(next);
    if (!next.includes(2)) setAttach([]);
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...(menu ? { id: menu.id } : {}),
      ...(sub ? { parent_id: parentId } : {}),
      menu_title: title,
      icon_id: iconId ?? "",
      url: showUrl ? url : "",
      features: showTypes ? types : [],
      allow_in_attachment: types.includes(2) ? attach : [],
    };
    const checked = addEditMenuBody.safeParse(body);
    if (!checked.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = (String(issue.path[0] ?? "_") as Field) || "_";
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    const res = await callAction(saveMenuAction(body));
    setSaving(false);
    if (!res.ok) {
      setErrors({ _: res.message });
      toast.error(res.message);
      return;
    }
    toast.success(menu ? `${title.trim()} saved (/${res.data.slug})` : `${title.trim()} added (/${res.data.slug})`);
    onSaved();
  };

  const heading = `${menu ? "Edit" : "Add"} ${sub ? "sub menu" : "menu"}`;
  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={heading}
      className="space-y-3 border-t border-slate-200 bg-slate-50 p-3"
    >
      <Field
        label={sub ? "Sub Menu Name" : "Menu Name"}
        value={title}
        maxLength={MENU_TITLE_MAX + 10}
        autoFocus
        autoComplete="off"
        error={errors.menu_title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div>
        <span className="mb-1 block text-sm font-medium text-slate-700" id={`${idBase}-icon`}>
          Icon
        </span>
        <Button
          type="button"
          variant="secondary"
          className="gap-2 px-3 py-1.5"
          aria-describedby={`${idBase}-icon`}
          onClick={() => setPicking(true)}
          disabled={!icons}
        >
          {icon && isIconName(icon) ? <Icon name={icon} className="h-5 w-5" /> : null}
          {icon ? `Change icon (${icon})` : "Choose icon"}
        </Button>
        {errors.icon_id && <p className="mt-1 text-sm text-red-600">{errors.icon_id}</p>}
      </div>
      {showTypes && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">
            Page types{builtin ? " (fixed for a built-in menu)" : ""}
          </legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {PAGE_TYPES.map((t) => (
              <label key={t.id} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={types.includes(t.id)}
                  disabled={builtin}
                  onChange={(e) => toggleType(t.id, e.target.checked)}
                />
                {t.name}
              </label>
            ))}
          </div>
          {errors.features && <p className="mt-1 text-sm text-red-600">{errors.features}</p>}
        </fieldset>
      )}
      {types.includes(2) && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Allow In Attachment</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {ATTACHMENT_OPTIONS.map((o) => (
              <label key={o.id} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={attach.includes(o.id)}
                  onChange={(e) =>
                    setAttach(e.target.checked ? [...attach, o.id].sort() : attach.filter((x) => x !== o.id))
                  }
                />
                {o.name}
              </label>
            ))}
          </div>
          {errors.allow_in_attachment && <p className="mt-1 text-sm text-red-600">{errors.allow_in_attachment}</p>}
        </fieldset>
      )}
      {showUrl && (
        <Field
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          maxLength={2048}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
      )}
      {errors._ && (
        <p role="alert" className="text-sm text-red-600">
          {errors._}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {menu ? "Update" : "Save"}
        </Button>
      </div>
      <IconPicker
        open={picking}
        icons={icons ?? []}
        selected={iconId}
        onPick={(id) => (setIconId(id), setPicking(false))}
        onCancel={() => setPicking(false)}
      />
    </form>
  );
}

/** The icon picker modal: every icon of get_icons as a choice (arrow keys move between them). */
function IconPicker({
  open,
  icons,
  selected,
  onPick,
  onCancel,
}: {
  open: boolean;
  icons: IconOption[];
  selected: number | null;
  onPick: (id: number | null) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      labelledBy={titleId}
      className="w-[min(30rem,calc(100vw-2rem))] rounded-lg bg-white p-5 shadow-xl"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        Choose an icon
      </h2>
      <div role="radiogroup" aria-labelledby={titleId} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {icons.map((i) => (
          <button
            key={i.id}
            type="button"
            role="radio"
            aria-checked={selected === i.id}
            aria-label={i.url}
            title={i.url}
            onClick={() => onPick(i.id)}
            className={`flex h-12 items-center justify-center rounded border ${selected === i.id ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50"}`}
          >
            {isIconName(i.url) ? <Icon name={i.url} className="h-6 w-6" /> : <span className="text-xs">{i.url}</span>}
          </button>
        ))}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={() => onPick(null)}>
          No icon
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
