import camelCase from 'lodash.camelcase';

/** A library's import name: lodash camelCase of its name, exactly as the sandbox resolves it. */
export function libraryImportName(name: string): string {
  return camelCase(name);
}
