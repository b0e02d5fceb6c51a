declare module 'lodash.camelcase' {
  /** lodash's camelCase: "Event Utils" → "eventUtils". */
  export default function camelCase(value?: string): string;
}
