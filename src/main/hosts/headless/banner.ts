import type { Studio } from '../../studio';

/** URL that signs the browser in with this process's session token (kept in the fragment). */
export function loginUrl(studio: Studio): string {
  const auth = Buffer.from(`${studio.bootstrap.email}:${studio.sessionToken}`).toString('base64url');
  return `${studio.url}/#/login?auth=${auth}`;
}

/** Console banner. The first line holds the base URL and is printed only once it accepts requests. */
export function printBanner(studio: Studio, mode: 'headless' | 'desktop'): void {
  const lines = [
    `Transformation Studio (${mode}) listening on ${studio.url}`,
    `Data directory: ${studio.dataDir}`,
    `Open the UI (signed in for this run): ${loginUrl(studio)}`,
  ];
  const { createdToken, createdWriteKey, email } = studio.bootstrap;
  if (createdToken) {
    lines.push(
      'New data directory: these credentials are stored (the token only as a hash) and shown this once:',
      `  management API e-mail: ${email}`,
      `  management API token:  ${createdToken}`,
    );
  }
  if (createdWriteKey) lines.push(`  default source write key: ${createdWriteKey}`);
  console.log(lines.join('\n'));
}
