import { expect, type Locator, type Page } from '@playwright/test';

/** What a user does in the authoring UI, in the words of the UI (roles, labels, test ids). */
export class StudioPage {
  constructor(readonly page: Page) {}

  /** The transformation or library code editor (CodeMirror's editable area). */
  get code(): Locator {
    return this.page.getByTestId('code-editor').locator('.cm-content');
  }

  get problems(): Locator {
    return this.page.getByTestId('problems');
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('heading', { name: 'Transformation Studio' })).toBeVisible();
  }

  async createLibrary(name: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
    await this.page.getByRole('button', { name: 'New library' }).first().click();
    const dialog = this.page.getByTestId('new-library');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create library' }).click();
    await expect(this.page.getByTestId('artifact-name')).toHaveText(name);
  }

  async createTransformation(name: string, template: string, library?: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
    await this.page.getByRole('button', { name: 'New transformation' }).first().click();
    const dialog = this.page.getByTestId('new-transformation');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('radio', { name: new RegExp(`^${template}`) }).check();
    if (library) await dialog.getByLabel('Library to import').selectOption({ label: library });
    await dialog.getByRole('button', { name: 'Create transformation' }).click();
    await expect(this.page.getByTestId('artifact-name')).toHaveText(name);
  }

  /** Replaces the whole code as one paste would. */
  async replaceCode(code: string, editor: Locator = this.code): Promise<void> {
    await replaceEditorText(this.page, editor, code);
  }

  async save(): Promise<void> {
    await this.code.focus();
    await this.page.keyboard.press('ControlOrMeta+s');
    await expect(this.page.getByTestId('unsaved')).toHaveCount(0);
    // The new version is pushed (no longer unsaved) before its tests ran: the save ends when the button says so.
    await expect(this.page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Saving…' })).toHaveCount(0);
  }

  /** Picks an item of the test bench's Test events menu ("Sample events…", "Import…", "Save as tests…"). */
  async benchEvents(item: string): Promise<void> {
    await this.page.locator('.bench-toolbar').getByRole('button', { name: /^Test events/ }).click();
    await this.page.getByRole('menu', { name: 'Test events' }).getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Opens the test bench's Check popover (Coverage, Fuzz, Compare with live) and returns it. */
  async check(): Promise<Locator> {
    await this.page.locator('.bench-toolbar').getByRole('button', { name: 'Check', exact: true }).click();
    return this.page.getByRole('group', { name: 'Check', exact: true });
  }

  async useAllSampleEvents(): Promise<void> {
    await this.benchEvents('Sample events…');
    await this.page.getByTestId('sample-picker').getByRole('button', { name: /^Use all/ }).click();
    await expect(this.page.getByTestId('sample-picker')).toHaveCount(0);
  }

  count(name: 'in' | 'out' | 'changed' | 'split' | 'dropped' | 'errors'): Locator {
    return this.page.getByTestId(`count-${name}`);
  }

  /** The result row of input event `n` (1-based), scrolled into the virtual list first. */
  async resultRow(n: number): Promise<Locator> {
    const list = this.page.getByTestId('results-list');
    const row = list.getByTestId('event-result').filter({ has: this.page.getByText(`#${n}`, { exact: true }) });
    for (let i = 0; i < 30 && (await row.count()) === 0; i++) await list.evaluate((el) => el.scrollBy(0, 300));
    await row.scrollIntoViewIfNeeded();
    return row;
  }

  /** Picks version n ("vn · …") in one of the compare selects ('Older version' / 'Newer version'). */
  async selectVersion(select: 'Older version' | 'Newer version', n: number): Promise<void> {
    const control = this.page.getByLabel(select);
    const value = await control.locator('option', { hasText: new RegExp(`^v${n} `) }).getAttribute('value');
    await control.selectOption(value!);
  }

  sidePanelTab(name: RegExp | string): Locator {
    return this.page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name });
  }
}

/** What a CodeMirror editor holds, read from its own state (not from the lines it happens to render). */
interface EditorText {
  doc: string;
  /** The selection is one range over the whole document. */
  allSelected: boolean;
}

function editorText(editor: Locator): Promise<EditorText> {
  return editor.evaluate((content) => {
    // @codemirror/view keeps its view on the content element's tile (what EditorView.findFromDOM reads).
    const view = (content as unknown as { cmTile?: { root?: { view?: any } } }).cmTile?.root?.view;
    if (!view) throw new Error('no CodeMirror view on this element: pass the editor\'s .cm-content');
    const { doc, selection } = view.state;
    return { doc: doc.toString(), allSelected: selection.ranges.length === 1 && selection.main.from === 0 && selection.main.to === doc.length };
  });
}

/**
 * Replaces the whole text of a CodeMirror editor (`.cm-content`) as one paste would: select all,
 * wait until the editor holds the selection (on a loaded machine it can come after the keystroke
 * returns), insert the text once, and fail unless the editor then holds exactly that text, read
 * from CodeMirror's state: long documents are checked too, not only what is rendered.
 */
export async function replaceEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  // Focus rather than click: a long document's centre may be scrolled out of its scroller.
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await expect.poll(async () => (await editorText(editor)).allSelected, { message: 'select-all reached the editor', timeout: 15_000 }).toBe(true);
  await page.keyboard.insertText(text);
  // Awaited, never pasted again: a paste that lands beside the old text (or is undone) fails here.
  await expect.poll(async () => (await editorText(editor)).doc, { message: 'the editor holds exactly the pasted text', timeout: 15_000 }).toBe(text);
}
