import { useState, type ReactNode } from 'react';
import type { ArtifactEditor } from './useArtifactEditor';
import { UndoNotice } from '../../components/UndoNotice';

/**
 * Discard with undo: the unsaved code goes (and any banner about it, such as a restored version),
 * and a notice offers it back until the next edit is made or the notice is closed.
 */
export function useDiscard(editor: Pick<ArtifactEditor, 'code' | 'versionMessage' | 'discardDraft' | 'setCode' | 'setVersionMessage'>, clearBanner: () => void): { discard(): void; notice: ReactNode } {
  const [undo, setUndo] = useState<{ code: string; message: string }>();
  const discard = () => {
    setUndo({ code: editor.code, message: editor.versionMessage });
    editor.discardDraft();
    clearBanner();
  };
  const notice = undo && (
    <UndoNotice
      testId="discard-notice"
      onUndo={() => {
        editor.setCode(undo.code);
        editor.setVersionMessage(undo.message);
        setUndo(undefined);
      }}
      onDismiss={() => setUndo(undefined)}
    >
      Unsaved changes discarded.
    </UndoNotice>
  );
  return { discard, notice };
}
