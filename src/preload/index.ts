import { contextBridge, ipcRenderer } from 'electron';
import type { StudioBridge } from './api';

const bridge = {
  session: () => ipcRenderer.invoke('studio:session'),
  openExternal: (url: string) => ipcRenderer.invoke('studio:open-external', url),
  openFile: () => ipcRenderer.invoke('studio:open-file'),
  saveFile: (name: string, text: string) => ipcRenderer.invoke('studio:save-file', name, text),
} satisfies StudioBridge;

contextBridge.exposeInMainWorld('studio', bridge);
