// A save asked for while a save is in flight (Ctrl+S, the Save button, Enter in the version
// message) is queued and runs once that save has finished: one queued save at most (asking again
// changes nothing), and it saves what the editor holds when it runs, not when it was asked for.

/** What asking to save does: start a save, queue one behind the save in flight (storing `inFlight`), or nothing (no code typed since that save began). */
export function saveRequest(inFlight: string | undefined, code: string): 'start' | 'queue' | 'nothing' {
  if (inFlight === undefined) return 'start';
  return inFlight === code ? 'nothing' : 'queue';
}

/**
 * What becomes of the queued save once the save before it has finished. With no unsaved changes
 * left there is nothing to save. After a save that stored its version it runs. After one that did
 * not (refused by the compile check or by the dependants' tests, a conflict, a validation error,
 * the network) it is dropped and the page says so: that error stays on screen and the code typed
 * meanwhile stays unsaved, for the user to save once they have read it (what refused the first
 * save, a deleted item or a server out of reach, would mostly refuse the second too).
 */
export function queuedSave(before: { saved: boolean; dirty: boolean }): 'run' | 'dropped' | 'nothing-to-save' {
  if (!before.dirty) return 'nothing-to-save';
  return before.saved ? 'run' : 'dropped';
}
