// The teams page at the door (tournaments/teams.html#door): the list narrowed, as it is
// typed, to the players (or teams) whose names hold what is typed, accents and case aside,
// as the server narrows it for ?q= without JavaScript. "Check in everyone listed" sends the
// ids of the rows shown: a row hidden here has its id field disabled.

function plain(text) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase()
    .replace(/\s+/g, " ").trim();
}

function narrow(input) {
  const list = document.getElementById(input.getAttribute("aria-controls"));
  if (!list) { return; }
  const typed = plain(input.value);
  let shown = 0;
  for (const row of list.querySelectorAll("tr[data-names]")) {
    const match = !typed || row.dataset.names.split("\n").some((name) => plain(name).includes(typed));
    row.hidden = !match;
    for (const id of row.querySelectorAll("input[name=entry]")) { id.disabled = !match; }
    shown += match ? 1 : 0;
  }
  const none = document.getElementById("door-none");
  if (none) { none.hidden = shown > 0; }
  // The list sent back after "Check in everyone listed" is the server's for the same words.
  const kept = document.querySelector("input[data-door-typed]");
  if (kept) { kept.value = input.value.trim(); }
}

document.body.addEventListener("input", (event) => {
  if (event.target.matches && event.target.matches("input[data-door-search]")) {
    narrow(event.target);
  }
});

// With every row on the page, the list narrows as the name is typed: Enter keeps the page
// (and every row, for the next name), and the button that asks the server is not needed.
// A list the server narrowed (?q=) is asked again for other words.
function complete() {
  return Boolean(document.querySelector("table[data-door-complete]"));
}
document.body.addEventListener("submit", (event) => {
  const form = event.target.closest && event.target.closest("form[data-door-form]");
  if (!form || !complete()) { return; }
  event.preventDefault();
  const input = form.querySelector("input[data-door-search]");
  if (input) { narrow(input); }
});
if (complete()) {
  for (const button of document.querySelectorAll("[data-door-submit]")) { button.hidden = true; }
}

// The list comes back after "Check in everyone listed": narrowed again by what is typed.
document.body.addEventListener("htmx:afterSwap", () => {
  const input = document.querySelector("input[data-door-search]");
  if (input && input.value) { narrow(input); }
});
