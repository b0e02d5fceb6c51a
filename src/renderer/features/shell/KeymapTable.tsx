import { KEYMAP, keyLabel } from '../../hooks/keymap';

/** The one keyboard map (hooks/keymap.ts) as a table: action, keys, where they work. */
export function KeymapTable() {
  return (
    <table className="keymap-table" aria-label="Keyboard shortcuts">
      <thead>
        <tr><th scope="col">Action</th><th scope="col">Keys</th><th scope="col">Where</th></tr>
      </thead>
      <tbody>
        {KEYMAP.map((b) => (
          <tr key={b.id}>
            <td>{b.label}</td>
            <td>{keyLabel(b.id).split(' or ').map((k, i) => <span key={k}>{i > 0 && ' or '}<kbd>{k}</kbd></span>)}</td>
            <td className="muted">{b.scope}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
