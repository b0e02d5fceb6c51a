/**
 * Content-Security-Policy of the renderer: served by the core with every renderer response (so a
 * browser gets it too) and enforced again by the desktop window. Scripts only from the studio's
 * own origin, no plugins, no framing, no form posts elsewhere; styles allow inline because
 * CodeMirror injects its theme as <style> elements.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');
