import type { LibraryInfo } from '../../editor/library-exports';
import { templateSamples } from './template-samples';
import { TEMPLATES } from './templates';
import './templates.css';

/** The selected template's code and how many sample events come with it. */
export function TemplatePreview({ templateId, library }: { templateId: string; library?: LibraryInfo }) {
  const template = TEMPLATES.find((t) => t.id === templateId);
  if (!template) return null;
  const samples = templateSamples(template.id);
  return (
    <div className="template-preview" data-testid="template-preview" aria-label={`Preview of ${template.title}`}>
      <p className="muted">
        Preview · starts with {samples.length} sample events that show what it does
      </p>
      <pre className="json">{template.code(library)}</pre>
    </div>
  );
}
