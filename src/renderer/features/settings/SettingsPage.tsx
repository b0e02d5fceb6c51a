import { useEffect, useState, type FormEvent } from 'react';
import { settingsApi, type ManagementSettings, type RetentionSettings, type SandboxSettings } from '../../api/settings';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CredentialsSection } from './CredentialsSection';
import { BackupSection } from './BackupSection';
import { FolderSection } from './FolderSection';
import { keepEdits, saveSettings } from './save-settings';
import './settings.css';

interface AllSettings {
  sandbox: SandboxSettings;
  management: ManagementSettings;
  retention: RetentionSettings;
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** Sandbox limits, private network, geolocation, code limits, retention; then credentials and the workspace backup. */
export function SettingsPage() {
  const [settings, setSettings] = useState<AllSettings>();
  // As the server has them: what a refused save puts back, and what "changed" compares with.
  const [stored, setStored] = useState<AllSettings>();
  const [error, setError] = useState<string>();
  // The fields the last refused save named, marked until they are edited.
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    Promise.all([settingsApi.sandbox(), settingsApi.management(), settingsApi.retention()])
      .then(([sandbox, management, retention]) => {
        setSettings({ sandbox, management, retention });
        setStored({ sandbox, management, retention });
      })
      .catch((e: Error) => setError(`Could not load the settings: ${e.message}`));
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings || !stored) return;
    setSaved(false);
    const sent = settings;
    const outcome = await saveSettings(stored, sent, { sandbox: settingsApi.putSandbox, management: settingsApi.putManagement, retention: settingsApi.putRetention });
    if (!outcome.ok) {
      setError(outcome.error);
      setRefused(new Set(outcome.fields));
      return;
    }
    setRefused(new Set());
    setStored(outcome.saved);
    // Fields edited while the save was on its way keep the user's value (decided now, not when sent).
    setSettings((now) => (now ? keepEdits(sent, now, outcome.saved) : outcome.saved));
    setError(undefined);
    setSaved(true);
  };
  const set = <K extends keyof AllSettings>(part: K, change: Partial<AllSettings[K]>) => {
    setSettings((s) => (s ? { ...s, [part]: { ...s[part], ...change } } : s));
    setRefused((r) => new Set([...r].filter((key) => !(key in change))));
  };
  const invalid = (field: string) => (refused.has(field) ? { 'aria-invalid': true as const } : {});
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <ErrorNotice message={error} onDismiss={() => setError(undefined)} />
      {settings && (
        <form className="settings-section settings-form" onSubmit={(e) => void submit(e)} aria-label="Studio settings">
          <h2>Sandbox</h2>
          <label>Memory limit (MB)<input {...invalid('memoryLimitMb')} type="number" value={settings.sandbox.memoryLimitMb} onChange={(e) => set('sandbox', { memoryLimitMb: Number(e.target.value) })} /></label>
          <label>Time limit per batch (ms)<input {...invalid('timeoutMs')} type="number" value={settings.sandbox.timeoutMs} onChange={(e) => set('sandbox', { timeoutMs: Number(e.target.value) })} /></label>
          <label className="check">
            <input type="checkbox" checked={settings.sandbox.allowPrivateNetwork} onChange={(e) => set('sandbox', { allowPrivateNetwork: e.target.checked })} />
            Let fetch reach private and loopback addresses (local testing only)
          </label>
          <label>Geolocation service URL<input {...invalid('geolocationUrl')} type="url" placeholder="none" value={settings.sandbox.geolocationUrl ?? ''} onChange={(e) => set('sandbox', { geolocationUrl: e.target.value || null })} /></label>
          <h2>Code</h2>
          <label>Largest code size (bytes)<input {...invalid('maxCodeBytes')} type="number" value={settings.management.maxCodeBytes} onChange={(e) => set('management', { maxCodeBytes: Number(e.target.value) })} /></label>
          <h2>Captured events retention</h2>
          <label>Keep at most (events)<input {...invalid('maxEvents')} type="number" placeholder="no cap" value={settings.retention.maxEvents ?? ''} onChange={(e) => set('retention', { maxEvents: optionalNumber(e.target.value) })} /></label>
          <label>Delete after (days)<input {...invalid('maxAgeDays')} type="number" placeholder="keep" value={settings.retention.maxAgeDays ?? ''} onChange={(e) => set('retention', { maxAgeDays: optionalNumber(e.target.value) })} /></label>
          <div>
            <button type="submit">Save settings</button> {saved && <span role="status">Saved.</span>}
          </div>
        </form>
      )}
      <FolderSection />
      <CredentialsSection />
      <BackupSection />
    </div>
  );
}
