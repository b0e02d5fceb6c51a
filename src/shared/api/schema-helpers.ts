import { Type, type TLiteral, type TUnion } from 'typebox';

/** A union of string literals (`anyOf` of `const`s in the JSON schema), typed as the union of the values. */
export function Literals<const T extends readonly string[]>(values: T, options?: { description?: string }): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(values.map((value) => Type.Literal(value)), options) as never;
}

/** The `id` and `name` most resources start with. */
export const IdAndName = { id: Type.String(), name: Type.String() };
