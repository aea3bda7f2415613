// After a hand is saved (or refused), the new form's first field takes the focus, so that a
// phone's keyboard stays up hand after hand; an element elsewhere keeps it (htmx puts it back
// on the new copy of an element with the same id). The line saying who deals the new hand
// stays in sight.

let wasEntering = null;

document.body.addEventListener("htmx:beforeSwap", () => {
  const active = document.activeElement;
  wasEntering = active && active.closest && active.closest("#entry form.hand-form") ? active : null;
});

function refocus() {
  if (!wasEntering || document.body.contains(wasEntering)) { return; }
  wasEntering = null;
  const form = document.querySelector("#entry form.hand-form");
  if (!form) { return; }
  const field = form.querySelector("input[aria-invalid=true]") ||
    form.querySelector("input[type=number]");
  if (field) { field.focus(); }
  // Who deals the new hand is said just above its fields: kept in sight with them.
  const dealer = document.getElementById("entry-dealer");
  if (dealer) { dealer.scrollIntoView({ block: "nearest" }); }
}

// Once every part of the answer is in (the entry comes out of band after a save).
for (const name of ["htmx:afterSwap", "htmx:oobAfterSwap"]) {
  document.body.addEventListener(name, () => { window.setTimeout(refocus, 0); });
}

// The hands changed on another phone while the keeper typed: the alert drawn beside Save
// (which waits) is brought into view, wherever she is on the page.
document.body.addEventListener("htmx:oobAfterSwap", (evt) => {
  if (!evt.detail.target || evt.detail.target.id !== "entry-conflict") { return; }
  const conflict = document.getElementById("entry-conflict");  // the new copy
  if (conflict && conflict.querySelector("[role=alert]")) {
    conflict.scrollIntoView({ block: "nearest" });
  }
});
