/**
 * The bulk delete's texts of a staff-form list (the old portal's texts): the question names what is deleted
 * ('Are you sure that you want to delete this Form Email Mapper(s)!'); cancel and success are shared.
 */
export function deleteTexts(what: string) {
  return {
    title: "Are you sure?",
    text: `Are you sure that you want to delete this ${what}(s)!`,
    cancelled: "Your record(s) still intact",
    done: "You successfully deleted the record(s).",
  } as const;
}
