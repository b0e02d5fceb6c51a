/** Globals the sandbox gives user code (compatibility.md), with the short docs completion shows. */
export interface SandboxGlobal {
  name: string;
  signature: string;
  doc: string;
}

export const SANDBOX_GLOBALS: SandboxGlobal[] = [
  {
    name: 'log',
    signature: 'log(...args): void',
    doc: 'Records a line in the test run\'s logs as "Log: a b"; objects are written with JSON.stringify.',
  },
  {
    name: 'metadata',
    signature: 'metadata(event): object',
    doc: 'Metadata of an event: sourceId, sourceName, sourceType, workspaceId, destinationId, destinationType, messageId, rudderId, receivedAt, eventName, eventType, transformationId, transformationVersionId.',
  },
  {
    name: 'fetch',
    signature: 'fetch(url, options?): Promise<any>',
    doc: 'HTTP(S) request that resolves to the parsed JSON body, or the string \'ERROR\' on any failure; it never rejects. Private and loopback addresses are blocked.',
  },
  {
    name: 'fetchV2',
    signature: 'fetchV2(url, options?): Promise<{ url, status, headers, body }>',
    doc: 'HTTP(S) request that resolves to the full response (body parsed as JSON when possible) and rejects on network failure with a plain object like the hosted runtime ({ message, type, errno, code, stack }, not an Error).',
  },
  {
    name: 'getCredential',
    signature: 'getCredential(key): string | undefined',
    doc: 'Value of a credential configured for the workspace, undefined when unknown. A null or undefined key throws a TypeError.',
  },
  {
    name: 'geolocation',
    signature: 'geolocation(ip): Promise<object>',
    doc: 'Location data for an IP address; rejects with "ip address is required", "invalid ip address" or "geolocation is not available right now".',
  },
];
