// @ts-check
/* exported append, copyRange, joinLines */
// Array work by index loops only (see intrinsics.js): user code may have replaced the realm's
// Array methods and iterator.

/**
 * Appends every item of `items` to `into`.
 * @param {unknown[]} into
 * @param {unknown[]} items
 */
function append(into, items) {
  for (let i = 0; i < items.length; i++) into[into.length] = items[i];
  return into;
}

/**
 * A copy of `list` from `from` up to (not including) `to`.
 * @param {unknown[]} list
 * @param {number} from
 * @param {number} to
 */
function copyRange(list, from, to) {
  const out = [];
  for (let i = from; i < to && i < list.length; i++) out[out.length] = list[i];
  return out;
}

/**
 * `lines[0..count)` joined with line feeds.
 * @param {string[]} lines
 * @param {number} count
 */
function joinLines(lines, count) {
  let out = '';
  for (let i = 0; i < count && i < lines.length; i++) out += (i === 0 ? '' : '\n') + lines[i];
  return out;
}
