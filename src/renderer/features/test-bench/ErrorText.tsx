import { Fragment, type ReactNode } from 'react';
import { parseStackLocations } from '../../../shared/stack-lines';

export interface ErrorTextProps {
  text: string;
  moduleName?: string;
  /** Moves the editor cursor to a line of the transformation. */
  onJump?: (line: number, column: number) => void;
  /** Link to a library, by import name (undefined when unknown). */
  libraryHref?: (importName: string) => string | undefined;
  /** On a library's page: frames in that library move its editor's cursor. */
  ownLibrary?: { importName: string; onJump: (line: number, column: number) => void };
  /** On a library's page: where frames in the transformation lead. */
  transformationHref?: string;
}

/** An error message with its stack frames into user code turned into links. */
export function ErrorText({ text, moduleName, onJump, libraryHref, ownLibrary, transformationHref }: ErrorTextProps) {
  const frames = parseStackLocations(text, moduleName);
  const parts: ReactNode[] = [];
  let at = 0;
  frames.forEach((frame, i) => {
    parts.push(<Fragment key={`t${i}`}>{text.slice(at, frame.start)}</Fragment>);
    const label = text.slice(frame.start, frame.start + frame.length);
    const href = frame.target === 'library' ? libraryHref?.(frame.importName!) : transformationHref;
    const jump = frame.target === 'transformation' ? onJump : frame.importName === ownLibrary?.importName ? ownLibrary?.onJump : undefined;
    if (jump) {
      parts.push(
        <button key={`f${i}`} type="button" className="link stack-link" title={`Go to line ${frame.line}, column ${frame.column}`} onClick={() => jump(frame.line, frame.column)}>
          {label}
        </button>,
      );
    } else if (href) {
      parts.push(<a key={`f${i}`} className="stack-link" href={href} title={`Open ${frame.module} (line ${frame.line})`}>{label}</a>);
    } else parts.push(<Fragment key={`f${i}`}>{label}</Fragment>);
    at = frame.start + frame.length;
  });
  parts.push(<Fragment key="end">{text.slice(at)}</Fragment>);
  return <pre className="error-text">{parts}</pre>;
}
