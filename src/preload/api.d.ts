/** What the desktop preload exposes as `window.studio` (absent in a plain browser). */
export interface StudioCapabilities {
  nativeDialogs: boolean;
  secretStore: boolean;
}

export type MenuCommand = 'new-transformation' | 'new-library' | 'import-events' | 'export-events' | 'folder-opened';

export interface StudioBridge {
  session(): Promise<{ baseUrl: string; email: string; sessionToken: string }>;
  capabilities(): Promise<StudioCapabilities>;
  openExternal(url: string): Promise<void>;
  openFile(filters?: Array<{ name: string; extensions: string[] }>): Promise<{ name: string; text: string } | undefined>;
  saveFile(name: string, text: string): Promise<boolean>;
  secrets: {
    get(name: string): Promise<string | undefined>;
    set(name: string, value: string): Promise<void>;
    delete(name: string): Promise<void>;
  };
  /** Application menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
}

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}
