import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export interface VirtualListProps<T> {
  items: T[];
  /** Stable key of an item. */
  itemKey: (item: T, index: number) => string;
  estimateSize: number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
  className?: string;
  testId?: string;
  role?: 'list' | 'listbox';
}

/** Renders only the visible rows of a long list; rows may have any height (measured). */
export function VirtualList<T>({ items, itemKey, estimateSize, renderItem, label, className, testId, role = 'list' }: VirtualListProps<T>) {
  const parent = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parent.current,
    estimateSize: () => estimateSize,
    overscan: 6,
    getItemKey: (index) => itemKey(items[index]!, index),
  });
  return (
    <div ref={parent} className={`virtual-list ${className ?? ''}`} role={role} aria-label={label} data-testid={testId}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            role={role === 'list' ? 'listitem' : undefined}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
