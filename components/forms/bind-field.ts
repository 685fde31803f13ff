import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";

/**
 * `bind(name)`: a control's registration with its error message, to spread on a Field, TextAreaField or
 * LocationSelect (`name` may be a row's cell, 'shop.2.timeIn'). Call it while rendering: it reads the
 * form's errors, so the form re-renders when they change.
 */
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T>) {
  const { errors } = form.formState;
  return (name: Path<T>) => ({
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    ...form.register(name),
  });
}
