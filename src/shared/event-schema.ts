// Shared facts about learned schema paths, one definition for the core's flags and the UI: which
// paths look like personal data (their samples are shown masked until a click unmasks them), the
// mask, and what counts as a type conflict.

// Names of software, not people (context.library.name, context.os.name, …).
const NOT_PERSONAL = /^context\.(library|os|app|device|browser|campaign|screen|network|page)\b/;
const PERSONAL_SEGMENT = /e-?mail|phone|mobile|address|^(first|last|full|user|display)?_?name$|^ip$|_ip$/i;
/** `userIp`, `clientIp` (case matters: `zip` and `tip` are not addresses). */
const CAMEL_IP = /[a-z]Ip$/;

/** True when the path's last segment names personal data: email, phone, name, address, ip. */
export function isPiiPath(path: string): boolean {
  if (NOT_PERSONAL.test(path)) return false;
  const last = path.replace(/\[\]$/, '').split('.').at(-1) ?? '';
  return PERSONAL_SEGMENT.test(last) || CAMEL_IP.test(last);
}

/** A sample hidden but for its first character and its length class: `"a••••••"`. */
export function maskSample(sample: string): string {
  const quoted = sample.startsWith('"');
  const body = quoted ? sample.slice(1, -1) : sample;
  const masked = `${body.slice(0, 1)}${'•'.repeat(Math.min(8, Math.max(3, body.length - 1)))}`;
  return quoted ? `"${masked}"` : masked;
}

/** A path seen with more than one type other than null (null is an absent value, not a conflict). */
export const isConflict = (types: Partial<Record<string, number>>) => Object.keys(types).filter((t) => t !== 'null').length > 1;
