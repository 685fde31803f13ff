import {
  get,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";

/**
 * `bind(name)`: a control's registration with its error message and its starting value, to spread on a
 * Field, TextAreaField or LocationSelect (`name` may be a row's cell, 'shop.2.timeIn'). Call it while
 * rendering: it reads the form's errors, so the form re-renders when they change. The starting value
 * (`defaultValue`, from the form's default values) is in the server's HTML, so a form filled from the
 * profile or a record shows its values before react-hook-form takes over the control.
 */
export function fieldBinder<T extends FieldValues>(form: UseFormReturn<T>) {
  const { errors, defaultValues } = form.formState;
  return (name: Path<T>) => ({
    error: (get(errors, name) as { message?: string } | undefined)?.message,
    defaultValue: startingValue(get(defaultValues, name)),
    ...form.register(name),
  });
}

/**
 * `register(name, options)` with the control's starting value (`defaultValue`, as fieldBinder gives it), for a
 * form that shows its errors itself.
 */
export function registerWithStart<T extends FieldValues>(form: UseFormReturn<T>) {
  const { defaultValues } = form.formState;
  return <N extends Path<T>>(
    name: N,
    options?: RegisterOptions<T, N>,
  ): UseFormRegisterReturn<N> & { defaultValue?: string } => ({
    defaultValue: startingValue(get(defaultValues, name)),
    ...form.register(name, options),
  });
}

/** A default value as a control's `defaultValue`: text and numbers as text, anything else none. */
export function startingValue(value: unknown): string | undefined {
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}
