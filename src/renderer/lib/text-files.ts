// Opening and saving a text file: the desktop app's native dialogs when its preload offers them
// (`window.studio.capabilities().nativeDialogs`), else the browser's file input and download.

export interface TextFile {
  name: string;
  text: string;
}

type FileBridge = Pick<NonNullable<Window['studio']>, 'capabilities' | 'openFile' | 'saveFile'>;

export interface FileEnv {
  bridge?: FileBridge;
  /** Browser fallback: let the user pick a file (an <input type=file>). */
  pick: (accept: string) => Promise<TextFile | undefined>;
  /** Browser fallback: hand the text to the browser as a download. */
  download: (name: string, text: string) => void;
}

const nativeDialogs = async (bridge: FileBridge | undefined) => Boolean(bridge && (await bridge.capabilities()).nativeDialogs);

export async function openTextFile(extensions: string[], env: FileEnv = browserEnv()): Promise<TextFile | undefined> {
  if (await nativeDialogs(env.bridge)) return env.bridge!.openFile([{ name: extensions.join(', ').toUpperCase(), extensions }]);
  return env.pick(extensions.map((e) => `.${e}`).join(','));
}

/** True when saved (a browser download always counts as saved; a native dialog can be cancelled). */
export async function saveTextFile(name: string, text: string, env: FileEnv = browserEnv()): Promise<boolean> {
  if (await nativeDialogs(env.bridge)) return env.bridge!.saveFile(name, text);
  env.download(name, text);
  return true;
}

export function browserEnv(): FileEnv {
  return {
    bridge: window.studio,
    pick: (accept) =>
      new Promise((resolve) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = accept;
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return resolve(undefined);
          void file.text().then((text) => resolve({ name: file.name, text }));
        });
        input.addEventListener('cancel', () => resolve(undefined));
        input.click();
      }),
    download: (name, text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    },
  };
}
