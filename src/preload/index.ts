import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { MenuCommand, StudioBridge } from './api';

// Runs sandboxed (contextIsolation + sandbox): only `electron`'s renderer modules, no Node.
const bridge = {
  session: () => ipcRenderer.invoke('studio:session'),
  capabilities: () => ipcRenderer.invoke('studio:capabilities'),
  openExternal: (url: string) => ipcRenderer.invoke('studio:open-external', url),
  openFile: (filters?: Array<{ name: string; extensions: string[] }>) => ipcRenderer.invoke('studio:open-file', filters),
  saveFile: (name: string, text: string) => ipcRenderer.invoke('studio:save-file', name, text),
  secrets: {
    get: (name: string) => ipcRenderer.invoke('studio:secret-get', name),
    set: (name: string, value: string) => ipcRenderer.invoke('studio:secret-set', name, value),
    delete: (name: string) => ipcRenderer.invoke('studio:secret-delete', name),
  },
  onMenuCommand(listener: (command: MenuCommand) => void) {
    const handler = (_event: IpcRendererEvent, command: MenuCommand) => listener(command);
    ipcRenderer.on('studio:menu', handler);
    return () => void ipcRenderer.removeListener('studio:menu', handler);
  },
} satisfies StudioBridge;

contextBridge.exposeInMainWorld('studio', bridge);
