/**
 * What a simple staff form's save says: 'Time-off Request Added Successfully' for a new one, '... Updated
 * Successfully' for an update (the old portal's messages). Each form's actions.ts decides access itself (createAction,
 * listDeleteAction) and says this.
 */
export function savedMessage(what: string, input: { id?: number | null }): string {
  return `${what} ${input.id ? "Updated" : "Added"} Successfully`;
}
