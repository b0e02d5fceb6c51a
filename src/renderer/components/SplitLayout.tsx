import type { ReactNode, Ref } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef, type PanelImperativeHandle } from 'react-resizable-panels';
import { userStorage } from '../lib/core-storage';

export interface SplitPane {
  id: string;
  content: ReactNode;
  className?: string;
  defaultSize?: string;
  minSize?: string;
  /** Can be folded away (to zero) with its toggle or by dragging past its minimum. */
  collapsible?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
}

// Pane sizes are a preference: kept with the UI's state in the core once signed in.
const storage = typeof localStorage === 'undefined' ? undefined : { getItem: (key: string) => userStorage().getItem(key), setItem: (key: string, value: string) => userStorage().setItem(key, value) };

/**
 * Two panes with a draggable splitter between them; the sizes are remembered per `id` in this
 * browser. `firstRef`/`secondRef` give the panes' collapse/expand handles to toggle buttons.
 */
export function SplitLayout({
  id,
  orientation = 'horizontal',
  first,
  second,
  label,
  className,
  firstRef,
  secondRef,
}: {
  id: string;
  /** Side by side (default) or stacked. */
  orientation?: 'horizontal' | 'vertical';
  first: SplitPane;
  second: SplitPane;
  label: string;
  className?: string;
  firstRef?: Ref<PanelImperativeHandle | null>;
  secondRef?: Ref<PanelImperativeHandle | null>;
}) {
  const layout = useDefaultLayout({ id: `studio.layout.${id}`, storage, onlySaveAfterUserInteractions: true });
  return (
    <Group id={id} orientation={orientation} className={className} defaultLayout={layout.defaultLayout} onLayoutChanged={layout.onLayoutChanged}>
      <Panel id={first.id} className={first.className} defaultSize={first.defaultSize} minSize={first.minSize} collapsible={first.collapsible} collapsedSize="0px" panelRef={firstRef} onResize={(size) => first.onCollapsedChange?.(size.inPixels < 1)}>
        {first.content}
      </Panel>
      <Separator className={`splitter splitter-${orientation}`} aria-label={label} />
      <Panel id={second.id} className={second.className} defaultSize={second.defaultSize} minSize={second.minSize} collapsible={second.collapsible} collapsedSize="0px" panelRef={secondRef} onResize={(size) => second.onCollapsedChange?.(size.inPixels < 1)}>
        {second.content}
      </Panel>
    </Group>
  );
}

export { usePanelRef };
export type { PanelImperativeHandle };
