/** What the desktop preload exposes as `window.studio` (absent in a plain browser). */
export interface StudioBridge {
  session(): Promise<{ baseUrl: string; email: string; sessionToken: string }>;
  openExternal(url: string): Promise<void>;
  openFile(): Promise<{ name: string; text: string } | undefined>;
  saveFile(name: string, text: string): Promise<boolean>;
}

declare global {
  interface Window {
    studio?: StudioBridge;
  }
}
