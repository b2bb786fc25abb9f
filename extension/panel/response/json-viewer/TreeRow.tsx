/** One row of the body tree: `key: value` for a scalar, `key: {…} 12 keys` for a container. */
import type { JsonOutline } from '../../../../src/json-text/json-outline';
import type { RowView } from '../../../../src/json-text/json-rows';
import { rowLabel } from '../../../../src/json-text/json-rows';
import { Highlighted } from './Highlighted';
import { ROW_HEIGHT } from './virtual-window';

const INDENT_PX = 14;

interface TreeRowProps {
  outline: JsonOutline;
  row: RowView;
  rowIndex: number;
  top: number;
  active: boolean;
  currentMatch: boolean;
  query: string;
  onClick(rowIndex: number): void;
}

export function TreeRow({
  outline,
  row,
  rowIndex,
  top,
  active,
  currentMatch,
  query,
  onClick,
}: TreeRowProps) {
  const label = rowLabel(outline, row);
  const expandable = row.childCount > 0;
  const classes = ['jv-row', active && 'jv-active', currentMatch && 'jv-current'];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles keys for all rows (VirtualTree)
    <div
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={expandable ? row.expanded : undefined}
      aria-current={currentMatch ? 'true' : undefined}
      tabIndex={active ? 0 : -1}
      data-row={rowIndex}
      class={classes.filter(Boolean).join(' ')}
      style={{
        top: `${top}px`,
        height: `${ROW_HEIGHT}px`,
        paddingLeft: `${4 + (row.level - 1) * INDENT_PX}px`,
      }}
      onClick={() => onClick(rowIndex)}
    >
      <span class="jv-twisty" aria-hidden="true">
        {expandable ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      {label.key !== null && (
        <>
          <span
            class={outline.kindAt(row.parent) === 'array' ? 'jv-index' : 'jv-key'}
            title={label.key.full ?? undefined}
          >
            <Highlighted text={label.key.text} query={query} />
          </span>
          <span class="jv-punct">: </span>
        </>
      )}
      <span class={`jv-value jv-${row.kind}`} title={label.value.full ?? undefined}>
        <Highlighted text={label.value.text} query={query} />
      </span>
      {label.size !== null && <span class="jv-size"> {label.size}</span>}
    </div>
  );
}
