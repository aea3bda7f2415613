// A save's answer adds the new hand's row to the history, out of band; a poll answered while
// that answer was on its way may have drawn the whole history, that row in it, already: the
// row is not added twice (the one shown is as new, or newer).
document.body.addEventListener("htmx:oobBeforeSwap", (evt) => {
  const fragment = evt.detail.fragment;
  // Only rows added to the history's body; a whole history drawn again replaces it.
  if (evt.detail.target.tagName !== "TBODY" || !fragment || !fragment.querySelectorAll) {
    return;
  }
  const rows = Array.from(fragment.querySelectorAll("tr[id^='hand-']"));
  if (rows.length && rows.every((row) => document.getElementById(row.id))) {
    evt.detail.shouldSwap = false;
  }
});
