/** Text cut to `max` characters with an ellipsis, so one long field cannot flood the model. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
