/** A row with its snake_case column names turned camelCase (for records whose fields are exactly the columns). */
export function camelRow<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), value])) as T;
}
