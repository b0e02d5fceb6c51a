import { useState } from 'react';
import { FIELD_CHECK_OPS, JSON_TYPES, type FieldCheck } from '../../../shared/api/test-events';
import { checkProblem, readPath } from '../../../shared/field-checks';

type Op = FieldCheck['op'];

const OP_LABEL: Record<Op, string> = { equals: 'equals', exists: 'exists', absent: 'is absent', matches: 'matches (regex)', type: 'has type' };

/** How a check's value is typed: JSON for equals (text that is not JSON is a string), the pattern for matches. */
const valueText = (check: FieldCheck | undefined) =>
  check?.op === 'equals' ? JSON.stringify(check.value) : check?.op === 'matches' && typeof check.value === 'string' ? check.value : '';

function parseEquals(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const showValue = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 120));

/** A check in words: `properties.total` equals 10. */
export const checkText = (check: FieldCheck) =>
  `${check.path} ${OP_LABEL[check.op]}${check.op === 'equals' ? ` ${showValue(check.value)}` : check.op === 'matches' ? ` /${String(check.value)}/` : check.op === 'type' ? ` ${String(check.value)}` : ''}`;

/** Authors one field check: path (with its value in this output shown as typed), check, value. */
export function CheckEditor({ initial, outputs, onSave, onCancel }: { initial?: FieldCheck; outputs: unknown[]; onSave(check: FieldCheck): Promise<void>; onCancel(): void }) {
  const [path, setPath] = useState(initial?.path ?? '');
  const [op, setOp] = useState<Op>(initial?.op ?? 'equals');
  const [text, setText] = useState(valueText(initial));
  const [type, setType] = useState<string>(initial?.op === 'type' ? String(initial.value) : 'string');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const current = path.trim() ? readPath(outputs, path.trim()) : undefined;
  const save = async () => {
    const check: FieldCheck = { path: path.trim(), op };
    if (op === 'equals') check.value = parseEquals(text);
    if (op === 'matches') check.value = text;
    if (op === 'type') check.value = type;
    const wrong = check.path ? checkProblem(check) : 'write the field path, e.g. properties.total';
    if (wrong) return setProblem(wrong);
    setBusy(true);
    try {
      await onSave(check);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="check-editor"
      data-testid="check-editor"
      aria-label={initial ? 'Edit field check' : 'New field check'}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        Field path
        <input aria-label="Field path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="properties.total" spellCheck={false} autoFocus />
      </label>
      <label>
        Check
        <select aria-label="Check" value={op} onChange={(e) => setOp(e.target.value as Op)}>
          {FIELD_CHECK_OPS.map((o) => (
            <option key={o} value={o}>{OP_LABEL[o]}</option>
          ))}
        </select>
      </label>
      {(op === 'equals' || op === 'matches') && (
        <label>
          Value
          <input aria-label="Value" value={text} onChange={(e) => setText(e.target.value)} placeholder={op === 'equals' ? '10, "text", true, {"a": 1}' : '^SKU-\\d+$'} spellCheck={false} />
        </label>
      )}
      {op === 'type' && (
        <label>
          Type
          <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value)}>
            {JSON_TYPES.map((t) => (
              <option key={t} value={t}>{t}</option>
            ))}
          </select>
        </label>
      )}
      <p className="muted small" data-testid="check-current">
        {path.trim() ? `In this output now: ${showValue(current)}` : 'A path reads the first output; [1].x reads the second.'}
        {op === 'equals' && ' · The value is JSON; text that is not JSON is compared as a string.'}
      </p>
      {problem && <p className="error small" role="alert">{problem}</p>}
      <button type="submit" disabled={busy}>Save check</button>{' '}
      <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
    </form>
  );
}
