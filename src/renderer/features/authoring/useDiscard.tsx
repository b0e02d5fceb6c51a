import { useEffect, useState, type ReactNode } from 'react';
import type { ArtifactEditor } from './useArtifactEditor';
import { UndoNotice } from '../../components/UndoNotice';

/**
 * Discard with undo: the unsaved code goes (and any banner about it, such as a restored version),
 * and a notice offers it back until the next edit is made or the notice is closed.
 */
export function useDiscard(editor: Pick<ArtifactEditor, 'code' | 'dirty' | 'versionMessage' | 'discardDraft' | 'setCode' | 'setVersionMessage'>, clearBanner: () => void): { discard(): void; notice: ReactNode } {
  const [undo, setUndo] = useState<{ code: string; message: string }>();
  // New unsaved changes end the offer: Undo would throw them away.
  useEffect(() => {
    if (editor.dirty) setUndo(undefined);
  }, [editor.dirty]);
  const discard = () => {
    setUndo({ code: editor.code, message: editor.versionMessage });
    editor.discardDraft();
    clearBanner();
  };
  const notice = undo && !editor.dirty && (
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
