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
      code: `import { RudderAnalytics } from '@rudderstack/analytics-js';\n\nconst analytics = new RudderAnalytics();\nanalytics.load('${writeKey}', '${baseUrl}');\nanalytics.track('Order Completed', { revenue: 42 });`,
    },
    {
      id: 'node',
      label: 'Node SDK',
      code: `import Analytics from '@rudderstack/rudder-sdk-node';\n\nconst client = new Analytics('${writeKey}', { dataPlaneUrl: '${baseUrl}' });\nclient.track({ userId: 'user-1', event: 'Order Completed', properties: { revenue: 42 } });\nawait client.flush();`,
    },
  ];
}
