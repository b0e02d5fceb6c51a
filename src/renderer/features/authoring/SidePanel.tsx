import './side-panel.css';
import type { ReactNode } from 'react';
import { hrefFor, type Kind, type PanelTab } from '../../hooks/routes';
import './authoring.css';

export interface SideTab {
  id: PanelTab;
  label: string;
  content: ReactNode;
}

/** The authoring side panel: its tabs (links, so a tab is a page address) and the active tab's content. */
export function SidePanel({ kind, id, tabs, active, onHide }: { kind: Kind; id: string; tabs: SideTab[]; active: SideTab; onHide: () => void }) {
  return (
    <div className="side-panel">
      <div className="tabs">
        <div role="tablist" aria-label="Panels" className="tab-list">
          {tabs.map((t) => (
            <a key={t.id} role="tab" href={hrefFor(kind, id, t.id)} aria-selected={t.id === active.id} className={t.id === active.id ? 'active' : ''}>
              {t.label}
            </a>
          ))}
        </div>
        <button type="button" className="link hide-panel" aria-label="Hide the side panel" title="Hide the side panel" onClick={onHide}>
          ⇥
        </button>
      </div>
      <div role="tabpanel" className="tab-panel" aria-label={active.label}>
        {active.content}
      </div>
    </div>
  );
}
