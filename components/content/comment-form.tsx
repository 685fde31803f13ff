"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { addCommentAction } from "@/lib/content/actions";
import { commentFormSchema, type CommentFormValues } from "@/lib/content/schemas";
import { callAction } from "@/lib/actions/client";

/** Adds a comment to a post (role 1), validated with the same schema as the server. */
export function CommentForm({ postId }: { postId: number }) {
  const router = useRouter();
  const form = useForm<CommentFormValues>({
    resolver: zodResolver(commentFormSchema),
    defaultValues: { postId, comment: "" },
  });
  const error = form.formState.errors.comment?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    const res = await callAction(addCommentAction(values));
    if (!res.ok) {
      if (res.fieldErrors?.comment) form.setError("comment", { message: res.fieldErrors.comment[0] });
      toast.error(res.message);
      return;
    }
    toast.success(res.message ?? "Comment Added successfully");
    form.reset({ postId, comment: "" });
    router.refresh();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor="comment" className="block text-sm font-medium text-slate-700">
        Add a comment
      </label>
      <textarea
        id="comment"
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "comment-error" : undefined}
        className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
        {...form.register("comment")}
      />
      {error && (
        <p id="comment-error" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" loading={form.formState.isSubmitting}>
        Post Comment
      </Button>
    </form>
  );
}
