import { expect, type Locator, type Page } from '@playwright/test';

/** The debugger and profiler of the transformation page, as a user drives them. */
export class DebuggerPage {
  constructor(readonly page: Page) {}

  get status(): Locator {
    return this.page.getByTestId('debug-status');
  }

  get panel(): Locator {
    return this.page.getByRole('region', { name: 'Debugger' });
  }

  /** The line the debugger is paused on, highlighted in an editor. */
  currentLine(editor: Locator): Locator {
    return editor.locator('.cm-debug-current');
  }

  /** Clicks the breakpoint gutter beside a 1-based line of an editor. */
  async toggleBreakpoint(editor: Locator, line: number): Promise<void> {
    const number = editor.locator('.cm-lineNumbers .cm-gutterElement').filter({ hasText: new RegExp(`^${line}$`) });
    const row = (await number.boundingBox())!;
    const gutter = (await editor.locator('.cm-breakpoint-gutter').boundingBox())!;
    await this.page.mouse.click(gutter.x + gutter.width / 2, row.y + row.height / 2);
  }

  async debug(pauseOn: 'none' | 'uncaught' | 'all' = 'none'): Promise<void> {
    if (pauseOn !== 'none') await this.page.getByLabel('Pause on exceptions').selectOption(pauseOn);
    await this.page.getByRole('group', { name: 'Debug and profile' }).getByRole('button', { name: 'Debug', exact: true }).click();
  }

  control(name: 'Continue' | 'Step over' | 'Step into' | 'Step out' | 'Stop' | 'Pause'): Locator {
    return this.page.getByRole('toolbar', { name: 'Debugger controls' }).getByRole('button', { name, exact: true });
  }

  /** A name/value row under a section of the paused view (Scopes, Watch, Evaluate). */
  row(section: 'Scopes' | 'Watch' | 'Evaluate', name: string): Locator {
    return this.panel.getByRole('region', { name: section }).locator(`[data-testid="value-row"][data-name="${name}"]`);
  }

  async addWatch(expression: string): Promise<void> {
    await this.panel.getByLabel('Add a watch expression').fill(expression);
    await this.panel.getByLabel('Add a watch expression').press('Enter');
  }

  async evaluate(expression: string): Promise<void> {
    await this.panel.getByLabel('Evaluate an expression').fill(expression);
    await this.panel.getByLabel('Evaluate an expression').press('Enter');
  }

  async expectPausedAt(editor: Locator, text: string): Promise<void> {
    await expect(this.status).toContainText('Paused');
    await expect(this.currentLine(editor)).toContainText(text);
  }
}
