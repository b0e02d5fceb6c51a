import { useState, type FormEvent } from 'react';
import { backupApi, type BackupFile, type ImportBackupResult } from '../../api/backup';
import { ErrorNotice } from '../../components/ErrorNotice';
import { saveTextFile } from '../../lib/text-files';

const total = (imported: Record<string, number>) => Object.values(imported).reduce((a, b) => a + b, 0);

/** Export the workspace to one file (secrets only when asked, sealed with a passphrase); import one into an empty workspace. */
export function BackupSection() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [exportPassphrase, setExportPassphrase] = useState('');
  const [file, setFile] = useState<File>();
  const [importPassphrase, setImportPassphrase] = useState('');
  const [result, setResult] = useState<ImportBackupResult>();
  const [exported, setExported] = useState<string>();

  const runExport = async (e: FormEvent) => {
    e.preventDefault();
    setBusy('Exporting the workspace…');
    setExported(undefined);
    try {
      const backup = await backupApi.export(includeSecrets ? { includeSecrets, passphrase: exportPassphrase } : {});
      const name = `studio-backup-${backup.createdAt.slice(0, 10)}.json`;
      if (await saveTextFile(name, JSON.stringify(backup))) {
        setExported(`${name} saved${backup.secrets ? ' (secrets sealed with your passphrase)' : ' (without secrets)'}.`);
      }
      setError(undefined);
    } catch (err) {
      setError(`Not exported: ${(err as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };

  const runImport = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setBusy(`Importing ${file.name}…`);
    setResult(undefined);
    try {
      let backup: BackupFile;
      try {
        backup = JSON.parse(await file.text()) as BackupFile;
      } catch {
        throw new Error(`${file.name} is not a JSON backup file`);
      }
      setResult(await backupApi.import(backup, importPassphrase || undefined));
      setError(undefined);
    } catch (err) {
      setError(`Not imported: ${(err as Error).message}`);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <p className="muted">
        One file with transformations, libraries, their versions, sources, destinations, saved tests and settings (captured events are not included). Secrets go in only when you ask, sealed with
        your passphrase.
      </p>
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} />
      <h3>Export</h3>
      <form className="settings-form" onSubmit={(e) => void runExport(e)} aria-label="Export workspace">
        <label className="check">
          <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
          Include secrets (credential values, write keys, destination headers)
        </label>
        {includeSecrets && (
          <label>
            Passphrase (at least 8 characters)
            <input type="password" autoComplete="new-password" minLength={8} required value={exportPassphrase} onChange={(e) => setExportPassphrase(e.target.value)} />
          </label>
        )}
        <div>
          <button type="submit" disabled={busy !== undefined}>Export workspace</button> {exported && <span role="status">{exported}</span>}
        </div>
      </form>
      <h3>Import</h3>
      <form className="settings-form" onSubmit={(e) => void runImport(e)} aria-label="Import workspace">
        <label>
          Backup file (imported into an empty workspace only)
          <input type="file" accept="application/json,.json" onChange={(e) => setFile(e.target.files?.[0])} />
        </label>
        <label>
          Passphrase (if the file holds secrets)
          <input type="password" autoComplete="off" value={importPassphrase} onChange={(e) => setImportPassphrase(e.target.value)} />
        </label>
        <div>
          <button type="submit" disabled={!file || busy !== undefined}>Import workspace</button>
        </div>
      </form>
      {busy && <p role="status" aria-busy="true">{busy}</p>}
      {result && (
        <div role="status" data-testid="import-result">
          <p>
            Imported {total(result.imported)} rows{result.secrets ? ', with secrets' : ', without secrets'}:{' '}
            {Object.entries(result.imported)
              .filter(([, n]) => n > 0)
              .map(([table, n]) => `${n} ${table.replace(/_/g, ' ')}`)
              .join(', ')}
            .
          </p>
          {result.notes.length > 0 && (
            <ul>
              {result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
