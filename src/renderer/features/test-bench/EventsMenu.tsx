import { useCallback, useState, type ReactNode } from 'react';
import type { TestEvent } from '../../api/types';
import { MenuButton } from '../../components/MenuButton';
import { formatCode, formatErrorMessage } from '../../editor/format-code';
import { useMenuCommand } from '../../hooks/useMenuCommands';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { openTextFile, saveTextFile } from '../../lib/text-files';
import { CapturedPicker } from './CapturedPicker';
import { importedEvents } from './imported-events';
import { SamplePicker } from './SamplePicker';
import { useSaveAsTests } from './SavedTestsControls';
import { TestSetsDialog } from './TestSetsDialog';
import type { TestBenchState } from './useTestBench';

type Picker = 'samples' | 'captured' | 'sets';

/**
 * Where the bench's events come from and go to, in one "Test events" menu (the bench's title): sample, captured and saved
 * sets (pickers), import, export, format, save as tests. The same actions are in the palette.
 * Returns the menu, the open picker or question, and what the last action said (to show).
 */
export function useEventsMenu(bench: TestBenchState): { menu: ReactNode; dialogs: ReactNode; messages: ReactNode; formatJson: () => void } {
  const [picker, setPicker] = useState<Picker>();
  const [formatError, setFormatError] = useState<string>();
  const [fileMessage, setFileMessage] = useState<{ error: boolean; text: string }>();
  const tests = bench.savedTests;
  const saveAsTests = useSaveAsTests(tests);
  const pick = (events: TestEvent[], replace: boolean) => {
    bench.setEvents(replace || !bench.parsed.ok ? events : [...bench.parsed.events, ...events]);
    setPicker(undefined);
  };
  const formatJson = async () => {
    try {
      bench.setEventsText(await formatCode(bench.eventsText, 'json'));
      setFormatError(undefined);
    } catch (e) {
      setFormatError(formatErrorMessage(e));
    }
  };
  const { setEvents, eventsText } = bench;
  const importFile = useCallback(async () => {
    const file = await openTextFile(['json', 'ndjson', 'jsonl']);
    if (!file) return;
    const read = importedEvents(file.text);
    if (!read.ok) return setFileMessage({ error: true, text: `${file.name}: ${read.message}` });
    setEvents(read.events);
    setFileMessage({ error: false, text: `Imported ${read.events.length} event${read.events.length === 1 ? '' : 's'} from ${file.name}.` });
  }, [setEvents]);
  const exportFile = useCallback(async () => {
    if (await saveTextFile('test-events.json', eventsText)) setFileMessage({ error: false, text: 'Exported the test events (test-events.json).' });
  }, [eventsText]);
  useMenuCommand('import-events', useCallback(() => void importFile(), [importFile]));
  useMenuCommand('export-events', useCallback(() => void exportFile(), [exportFile]));
  usePaletteAction({ id: 'save-as-tests', label: 'Save the bench’s events as tests…', run: saveAsTests.start });
  usePaletteAction({ id: 'bench-samples', label: 'Test events: sample events…', run: () => setPicker('samples') });
  usePaletteAction({ id: 'bench-captured', label: 'Test events: captured events…', run: () => setPicker('captured') });
  usePaletteAction({ id: 'bench-sets', label: 'Test events: saved sets…', run: () => setPicker('sets') });
  usePaletteAction({ id: 'bench-import', label: 'Test events: import from a file…', run: () => void importFile() });
  usePaletteAction({ id: 'bench-export', label: 'Test events: export to a file…', run: () => void exportFile() });
  usePaletteAction({ id: 'bench-format', label: 'Test events: format JSON', run: () => void formatJson() });
  const menu = (
    <MenuButton
      label="Test events"
      detail={bench.parsed.ok && <span className="muted"> ({bench.parsed.events.length})</span>}
      className="secondary bench-events-menu"
      title="Add, import, export or save the test events"
      items={[
        { label: 'Sample events…', run: () => setPicker('samples'), title: 'Events of the bundled sample set' },
        { label: 'Captured events…', run: () => setPicker('captured'), title: 'Events your sources sent to this studio' },
        { label: 'Saved sets…', run: () => setPicker('sets'), title: 'Named sets of test events you saved' },
        { label: 'Import…', run: () => void importFile(), title: 'Import events from a JSON or NDJSON file', group: true },
        { label: 'Export…', run: () => void exportFile(), title: 'Save the test events as a JSON file' },
        { label: 'Format JSON', run: () => void formatJson() },
        { label: tests.saving ? 'Saving…' : 'Save as tests…', run: saveAsTests.start, disabled: tests.saving, title: 'Add these events to the transformation’s tests (nothing saved is replaced)', group: true },
      ]}
    />
  );
  const dialogs = (
    <>
      {saveAsTests.question}
      {picker === 'samples' && <SamplePicker onClose={() => setPicker(undefined)} onPick={pick} />}
      {picker === 'captured' && <CapturedPicker onClose={() => setPicker(undefined)} onPick={pick} />}
      {picker === 'sets' && (
        <TestSetsDialog current={bench.parsed.ok ? bench.parsed.events : undefined} onClose={() => setPicker(undefined)} onLoad={(events) => pick(events, true)} />
      )}
    </>
  );
  const messages = (
    <>
      {formatError && <p className="error small">{formatError}</p>}
      {fileMessage && (
        <p className={fileMessage.error ? 'error small' : 'muted small'} role="status" data-testid="file-message">
          {fileMessage.text}
        </p>
      )}
    </>
  );
  return { menu, dialogs, messages, formatJson: () => void formatJson() };
}
