import { StudioPage } from './pages/studio-page';
import { expect, test } from './studio-fixture';

// The renderer runs under a strict Content-Security-Policy (served by the core, enforced again by
// the desktop window): the whole authoring path must work without a single violation.
test('the UI is served with a strict CSP and works under it without violations', async ({ page, server }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
  );
  const response = await page.goto(server.loginUrl);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response!.headers()['x-content-type-options']).toBe('nosniff');
  const studio = new StudioPage(page);
  await expect(page.getByTestId('health')).toHaveText('ok');
  await studio.createTransformation('Under CSP', 'Blank');
  await expect(studio.code).toBeVisible();
  await studio.code.click();
  await page.keyboard.type('// typed under a strict policy');
  await expect(studio.code).toContainText('typed under a strict policy');
  // An inline script injected by a would-be XSS is refused.
  await page.evaluate("const s = document.createElement('script'); s.textContent = 'window.__xss = true'; document.body.append(s);");
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(violations.filter((v) => !v.includes('script-src'))).toEqual([]);
  expect(violations.some((v) => v.includes('script-src'))).toBe(true);
});
