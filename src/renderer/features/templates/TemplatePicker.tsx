import type { LibraryInfo } from '../../editor/library-exports';
import { TEMPLATES } from './templates';
import { TemplatePreview } from './TemplatePreview';
import './templates.css';

export interface TemplatePickerProps {
  value: string;
  onChange: (templateId: string) => void;
  libraries: LibraryInfo[];
  libraryImportName?: string;
  onLibraryChange: (importName: string) => void;
}

/** Radio cards of the starting templates; "Enrich with a library" also asks which library. */
export function TemplatePicker({ value, onChange, libraries, libraryImportName, onLibraryChange }: TemplatePickerProps) {
  return (
    <fieldset className="template-picker">
      <legend>Start from a template</legend>
      <div className="template-grid">
        {TEMPLATES.map((t) => (
          <label key={t.id} className={`template-card ${value === t.id ? 'selected' : ''}`}>
            <input type="radio" name="template" value={t.id} checked={value === t.id} onChange={() => onChange(t.id)} />
            <strong>{t.title}</strong>
            <span className="muted">{t.summary}</span>
          </label>
        ))}
      </div>
      <TemplatePreview templateId={value} library={libraries.find((l) => l.importName === libraryImportName)} />
      {TEMPLATES.find((t) => t.id === value)?.needsLibrary && (
        libraries.length === 0 ? (
          <p className="notice">You have no libraries yet: create one under Libraries, or the template will import a placeholder “myLibrary”.</p>
        ) : (
          <label>
            Library to import
            <select value={libraryImportName ?? ''} onChange={(e) => onLibraryChange(e.target.value)}>
              {libraries.map((l) => <option key={l.importName} value={l.importName}>{l.name} ({l.importName})</option>)}
            </select>
          </label>
        )
      )}
    </fieldset>
  );
}
