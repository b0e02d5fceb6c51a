import { useState, type FormEvent, type ReactNode } from 'react';
import type { Artifact } from '../../api/artifacts';
import { Dialog } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';

export interface NewArtifactDialogProps {
  /** "transformation" or "library": used in the title, the button and the error. */
  noun: string;
  testId: string;
  wide?: boolean;
  descriptionPlaceholder?: string;
  /** What is wrong with this name (shown instead of creating), if anything. */
  problem(name: string): string | undefined;
  /** Shown under the name field; gets the name typed so far. */
  afterName?(name: string): ReactNode;
  /** Fields after the description (a template picker…). */
  children?: ReactNode;
  create(name: string, description: string): Promise<Artifact>;
  onClose(): void;
  onCreated(item: Artifact): void;
}

/** Name and description of a new transformation or library; creates its first version. */
export function NewArtifactDialog(props: NewArtifactDialogProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = props.problem(name);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      props.onCreated(await props.create(name.trim(), description.trim()));
    } catch (e) {
      setError(`Could not create the ${props.noun}: ${(e as Error).message}`);
      setBusy(false);
    }
  };
  return (
    <Dialog title={`New ${props.noun}`} onClose={props.onClose} wide={props.wide} testId={props.testId}>
      <form className="form" onSubmit={submit}>
        <label>Name<input value={name} onChange={(e) => setName(e.target.value)} required autoFocus /></label>
        {props.afterName?.(name)}
        <label>Description<input value={description} onChange={(e) => setDescription(e.target.value)} placeholder={props.descriptionPlaceholder} /></label>
        {props.children}
        <ErrorNotice message={error} />
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={props.onClose}>Cancel</button>
          <button type="submit" disabled={busy}>{busy ? 'Creating…' : `Create ${props.noun}`}</button>
        </div>
      </form>
    </Dialog>
  );
}
