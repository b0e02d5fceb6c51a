/** `1 event`, `2 events`, `1,200 events`: a count with its noun in the right number. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
