import type { Artifact, ArtifactVersion } from '../../api/artifacts';

/** "v5 · 22 Nov 10:04 · dev@example.com": how a version is named everywhere in the dialog. */
export function versionLabel(v: Pick<ArtifactVersion, 'number' | 'createdAt' | 'createdBy'>, when: (iso: string) => string): string {
  return [`v${v.number}`, when(v.createdAt), v.createdBy].filter(Boolean).join(' · ');
}

/** One failing event: every error and failed check it had (an event with two failed checks is one event). */
export interface EventFailure {
  position: number;
  messageId?: string;
  input?: unknown;
  errors: string[];
}

interface ResultLike {
  type?: string;
  name?: string;
  passed?: boolean;
  error?: string;
  errors?: Array<{ messageId?: string; error?: string }>;
}

/**
 * The failing events of a failed publish answer, by position (1-based) and messageId, with their
 * input: the answer's errors grouped per event (by messageId, else by the "saved test event N" the
 * error names, else one event per error).
 */
export function failingEvents(results: unknown, events: unknown[]): { name: string; type: string; error?: string; events: EventFailure[] }[] {
  if (!Array.isArray(results)) return [];
  return (results as ResultLike[])
    .filter((r) => r && r.passed === false)
    .map((r) => ({
      name: r.name ?? '',
      type: r.type ?? 'transformation',
      error: (r.errors ?? []).length === 0 ? r.error : undefined,
      events: (r.errors ?? []).reduce<EventFailure[]>((list, e, i) => {
        const index = e.messageId === undefined ? -1 : events.findIndex((ev) => (ev as { messageId?: unknown })?.messageId === e.messageId);
        const named = /^saved test event (\d+)/.exec(e.error ?? '');
        const position = index >= 0 ? index + 1 : named ? Number(named[1]) : i + 1;
        const known = list.find((f) => f.position === position);
        if (known) known.errors.push(e.error ?? '');
        else list.push({ position, messageId: e.messageId, input: events[position - 1], errors: [e.error ?? ''] });
        return list;
      }, []),
    }));
}

/**
 * "Event Utils (its published version)": which version of an imported library the publish tests
 * run with, as the server picks it (the published one, else the latest).
 */
export function importedLibraryLabel(importName: string, libraries: Pick<Artifact, 'name' | 'importName' | 'publishedVersionId'>[]): string {
  const library = libraries.find((l) => l.importName === importName);
  if (!library) return `${importName} (not found)`;
  return `${library.name} (${library.publishedVersionId ? 'its published version' : 'its latest version: not published yet'})`;
}
