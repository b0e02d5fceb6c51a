// getCredential(key): a global of user code. The key check happens in the isolate (a TypeError of
// the isolate's own realm); the lookup is one synchronous host call that receives a copied string
// and answers a copied string (or undefined).

export const credentialSource = /* js */ `
  G.getCredential = function getCredential(key) {
    if (key === null || key === undefined) throw new TypeError('Key should be valid and defined');
    const value = hostCredential(String(key));
    return typeof value === 'string' ? value : undefined;
  };
`;

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
