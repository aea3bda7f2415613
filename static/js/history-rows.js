// A save's answer, or a poll's, adds the new hands' rows to the history, out of band;
// another answer on its way meanwhile may have shown some of them already: a row is never
// added twice (the one shown is as new, or newer).
document.body.addEventListener("htmx:oobBeforeSwap", (evt) => {
  const fragment = evt.detail.fragment;
  // Only rows added to the history's body; a whole history drawn again replaces it.
  if (evt.detail.target.tagName !== "TBODY" || !fragment || !fragment.querySelectorAll) {
    return;
  }
  const rows = Array.from(fragment.querySelectorAll("tr[id^='hand-']"));
  const shown = rows.filter((row) => document.getElementById(row.id));
  shown.forEach((row) => row.remove());
  if (rows.length && shown.length === rows.length) {
    evt.detail.shouldSwap = false;
  }
});

// The first hand's answer opens the empty history: its hint and table replace the hidden
// ones, the undo button and the chart come after the table, and "No hand yet" goes. A
// history a poll drew meanwhile (or hands kept offline shown in it) stays as it is.
document.body.addEventListener("htmx:oobBeforeSwap", (evt) => {
  const target = evt.detail.target;
  const fragment = evt.detail.fragment;
  if (!target || !target.closest || !target.closest("#history")) { return; }
  if (fragment && fragment.querySelector && fragment.querySelector("#undo, #chart") &&
      target.matches("#history > table.history")) {
    if (document.getElementById("undo")) { evt.detail.shouldSwap = false; }  // drawn already
    return;
  }
  const opening = target.matches("#history > p.hint, #history > table.history");
  if (opening && !target.hidden) { evt.detail.shouldSwap = false; }
  if (evt.detail.shouldSwap && opening) {
    const empty = document.getElementById("no-hand-yet");
    if (empty) { empty.remove(); }
  }
});
