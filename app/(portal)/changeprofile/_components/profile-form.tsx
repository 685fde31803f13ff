"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Field, ReadOnlyField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { Dropzone } from "@/components/dropzone/dropzone";
import { applyServerErrors } from "@/components/content/form-parts";
import { TextAreaField } from "@/components/ui/input";
import { callAction } from "@/lib/actions/client";
import { updateProfileAction } from "@/lib/users/actions";
import { profileSchema, type Profile, type ProfileInput } from "@/lib/users/schemas";
import { ChangePasswordModal } from "./change-password-modal";
import { UnsavedChangesGuard } from "@/components/forms/unsaved-changes-guard";

type Props = {
  user: {
    firstName: string;
    lastName: string;
    email: string | null;
    empId: string | null;
    stateName: string | null;
    phone: string | null;
    locationName: string | null;
    departmentName: string | null;
    roleName: string;
    photoUrl: string | null;
    initials: string;
    color: string;
    hasPassword: boolean;
  };
  /** The form's values as stored. */
  values: ProfileInput;
};

const FIELDS = ["post", "teamDesignation", "description", "bio", "quote", "quoteName", "filePath"] as const;

/**
 * Edit Profile: personal data (kept by HR), location, department and role (kept by administrators)
 * read-only; post, team designation, description, bio, quote and the photo editable. After a save the
 * page and the header re-render with the new photo.
 */
export function ProfileForm({ user, values }: Props) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [photo, setPhoto] = useState(user.photoUrl);
  const [dropKey, setDropKey] = useState(0);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(profileSchema),
    defaultValues: values,
  });
  const err = (name: (typeof FIELDS)[number]) => form.formState.errors[name]?.message as string | undefined;

  const submit = form.handleSubmit(async (saved) => {
    setSaving(true);
    const res = await callAction(updateProfileAction(saved));
    setSaving(false);
    if (!res.ok) {
      applyServerErrors(form, res.fieldErrors, FIELDS);
      toast.error(res.message);
      return;
    }
    toast.success(res.message ?? "Profile Changed Successfully");
    setPhoto(res.data.profileImageUrl);
    form.reset({ ...saved, filePath: "", removePhoto: false });
    setDropKey((k) => k + 1);
    router.refresh(); // the header's avatar
  });

  const newPhoto = form.watch("filePath");
  const removing = form.watch("removePhoto");

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <UnsavedChangesGuard dirty={form.formState.isDirty} />
      <h1 className="text-2xl font-semibold text-slate-900">Edit Profile</h1>
      <form onSubmit={submit} noValidate className="card space-y-5 sm:p-6">
        <section aria-labelledby="photo-heading" className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex flex-col items-center gap-2">
            <Avatar
              initials={user.initials}
              color={user.color}
              src={removing ? null : photo}
              className="h-24 w-24 text-2xl"
            />
            {photo && !newPhoto && (
              <button
                type="button"
                className="text-xs text-brand-700 hover:underline"
                onClick={() => form.setValue("removePhoto", !removing, { shouldDirty: true })}
              >
                {removing ? "Keep photo" : "Remove photo"}
              </button>
            )}
          </div>
          <div className="min-w-0 flex-1">
            <h2 id="photo-heading" className="sr-only">
              Profile photo
            </h2>
            <Dropzone
              key={dropKey}
              kind="profilePhoto"
              label="Profile photo"
              onChange={(files) => {
                form.setValue("filePath", files[0]?.path ?? "", { shouldDirty: true });
                if (files.length) form.setValue("removePhoto", false);
              }}
              onBusyChange={setUploading}
              error={err("filePath")}
            />
          </div>
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="First Name" value={user.firstName} />
          <ReadOnlyField label="Last Name" value={user.lastName} />
          <ReadOnlyField label="Email" value={user.email} />
          <ReadOnlyField label="Dayforce Id" value={user.empId} />
          <ReadOnlyField label="State" value={user.stateName} />
          <ReadOnlyField label="Phone" value={user.phone} />
          <ReadOnlyField label="Location" value={user.locationName} />
          <ReadOnlyField label="Department" value={user.departmentName} />
          <ReadOnlyField label="Role" value={user.roleName} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Post" maxLength={190} error={err("post")} {...form.register("post")} />
          <Field
            label="Team Designation"
            maxLength={190}
            error={err("teamDesignation")}
            {...form.register("teamDesignation")}
          />
          <Field label="Quote" maxLength={190} error={err("quote")} {...form.register("quote")} />
          <Field label="Quote By" maxLength={190} error={err("quoteName")} {...form.register("quoteName")} />
        </div>
        <TextAreaField
          label="Description"
          rows={3}
          maxLength={65534}
          error={err("description")}
          {...form.register("description")}
        />
        <TextAreaField label="Bio" rows={4} maxLength={65534} error={err("bio")} {...form.register("bio")} />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end sm:gap-3 max-sm:[&>*]:w-full">
          <Button type="button" variant="secondary" onClick={() => setPasswordOpen(true)}>
            Change Password
          </Button>
          <Button type="submit" disabled={saving || uploading} loading={saving}>
            Save
          </Button>
        </div>
      </form>
      <ChangePasswordModal open={passwordOpen} hasPassword={user.hasPassword} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}
