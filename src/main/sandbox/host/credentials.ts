// getCredential(key): a global of user code (isolate/runtime/globals.js checks the key); the
// lookup is one synchronous host call that receives a copied string and answers a copied string
// (or undefined).

export type CredentialLookup = (key: string) => string | undefined;

/** Host half: checks the argument before using it; never throws into the isolate. */
export function credentialHandler(lookup: () => CredentialLookup): (key: unknown) => string | undefined {
  return (key: unknown) => {
    if (typeof key !== 'string' || key.length > 1024) return undefined;
    try {
      const value = lookup()(key);
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  };
}
