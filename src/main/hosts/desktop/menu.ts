import { app, Menu, shell, type MenuItemConstructorOptions } from 'electron';

export type MenuCommand = 'new-transformation' | 'new-library' | 'import-events' | 'export-events' | 'folder-opened';

export interface MenuDeps {
  /** Sends a command to the renderer (it navigates or opens the matching dialog). */
  command(command: MenuCommand): void;
  /** File › Open Folder…: pick a repository folder and open it as the workspace (open-folder.ts). */
  openFolder(): void;
  dataDir: string;
  logFile: string;
  devTools: boolean;
  about(): void;
}

/** The application menu: File, Edit, View, Help (devtools only in development). */
export function menuTemplate(deps: MenuDeps): MenuItemConstructorOptions[] {
  const mac = process.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  if (deps.devTools) view.push({ type: 'separator' }, { role: 'toggleDevTools' });
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Transformation', accelerator: 'CmdOrCtrl+N', click: () => deps.command('new-transformation') },
        { label: 'New Library', accelerator: 'CmdOrCtrl+Shift+N', click: () => deps.command('new-library') },
        { type: 'separator' },
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => deps.openFolder() },
        { type: 'separator' },
        { label: 'Import Events…', accelerator: 'CmdOrCtrl+I', click: () => deps.command('import-events') },
        { label: 'Export Events…', accelerator: 'CmdOrCtrl+E', click: () => deps.command('export-events') },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    {
      label: 'Help',
      submenu: [
        { label: 'Open Data Folder', click: () => void shell.openPath(deps.dataDir) },
        { label: 'Show Logs', click: () => void shell.openPath(deps.logFile) },
        { type: 'separator' },
        { label: `About ${app.getName()}`, click: () => deps.about() },
      ],
    },
  ];
}

export function installMenu(deps: MenuDeps): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(deps)));
}
