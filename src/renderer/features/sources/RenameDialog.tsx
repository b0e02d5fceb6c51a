import { useState } from 'react';
import { Dialog } from '../../components/Dialog';

/** Asks for a source's new name. */
export function RenameDialog({ name, onRename, onClose }: { name: string; onRename: (name: string) => void; onClose: () => void }) {
  const [value, setValue] = useState(name);
  const valid = value.trim().length > 0 && value.trim() !== name;
  return (
    <Dialog title={`Rename “${name}”`} onClose={onClose} actions={
      <>
        <button type="button" className="secondary" onClick={onClose}>Cancel</button>
        <button type="submit" form="rename-source" disabled={!valid}>Rename</button>
      </>
    }>
      <form id="rename-source" onSubmit={(e) => { e.preventDefault(); if (valid) onRename(value.trim()); }}>
        <label className="form-grid">New name<input value={value} onChange={(e) => setValue(e.target.value)} maxLength={200} autoFocus /></label>
      </form>
    </Dialog>
  );
}
