/** "Send your first event" snippets filled with the real event URL and write key. */
export function snippets(baseUrl: string, writeKey: string): { id: string; label: string; code: string }[] {
  return [
    {
      id: 'curl',
      label: 'curl',
      code: `curl -X POST ${baseUrl}/v1/track \\\n  -u '${writeKey}:' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"userId":"user-1","event":"Order Completed","properties":{"revenue":42}}'`,
    },
    {
      id: 'js',
      label: 'JavaScript SDK',
      // The bundled build carries its plugins (no CDN); configUrl makes this instance the control plane.
      code: `// The '/bundled' build carries its plugins, so nothing loads from RudderStack's CDN.\nimport { RudderAnalytics } from '@rudderstack/analytics-js/bundled';\n\nconst analytics = new RudderAnalytics();\nanalytics.load('${writeKey}', '${baseUrl}', {\n  configUrl: '${baseUrl}', // the source config comes from this instance\n  // useBeacon: true, // beacon transport (/beacon/v1/batch)\n});\nanalytics.track('Order Completed', { revenue: 42 });`,
    },
    {
      id: 'js-v2',
      label: 'JavaScript SDK v2 (legacy)',
      code: `import * as rudderanalytics from 'rudder-sdk-js';\n\nrudderanalytics.load('${writeKey}', '${baseUrl}', { configUrl: '${baseUrl}' });\nrudderanalytics.track('Order Completed', { revenue: 42 });`,
    },
    {
      id: 'node',
      label: 'Node SDK',
      code: `import Analytics from '@rudderstack/rudder-sdk-node';\n\nconst client = new Analytics('${writeKey}', { dataPlaneUrl: '${baseUrl}' });\nclient.track({ userId: 'user-1', event: 'Order Completed', properties: { revenue: 42 } });\nawait client.flush();`,
    },
  ];
}
