// "Where do I sit?": the round's list of players (tournaments/_parts.html#seat_list) narrowed
// to the names holding what is typed, accents and case aside. Without JavaScript the whole
// list shows, in alphabetical order. The list is redrawn by the page's poll: the filter is
// applied again to the new copy.

function plain(text) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

function narrow(input) {
  const list = document.getElementById(input.getAttribute("aria-controls"));
  if (!list) { return; }
  const typed = plain(input.value.trim());
  let shown = 0;
  for (const line of list.querySelectorAll("li[data-name]")) {
    const match = !typed || plain(line.dataset.name).includes(typed);
    line.hidden = !match;
    shown += match ? 1 : 0;
  }
  const none = list.parentElement.querySelector(".no-seat-found");
  if (none) { none.hidden = shown > 0; }
}

document.body.addEventListener("input", (event) => {
  if (event.target.matches && event.target.matches("input[data-find-seat]")) {
    narrow(event.target);
  }
});

// The poll swaps the live part, search field and all: what was typed is carried over.
let typed = null;
document.body.addEventListener("htmx:beforeSwap", () => {
  const input = document.querySelector("input[data-find-seat]");
  typed = input && input.value ? { value: input.value, focused: document.activeElement === input } : null;
});
document.body.addEventListener("htmx:afterSwap", () => {
  const input = document.querySelector("input[data-find-seat]");
  if (!input || !typed) { return; }
  input.value = typed.value;
  if (typed.focused) { input.focus(); }
  narrow(input);
});
