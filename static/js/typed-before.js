// What a user typed or chose before the page's scripts ran (a slow phone shows the page
// first), sent once htmx listens, as htmx would have sent it then: on a page opened or
// reloaded, and on a hand form htmx swaps in (the next hand's, typed into before htmx
// listens to it).

const FIELDS = "input, select, textarea";

// An input whose value, or tick, is no longer the one the server drew.
function touched(input) {
  if (input.type === "radio" || input.type === "checkbox") {
    return input.checked !== input.defaultChecked;
  }
  if (input.tagName === "SELECT") {
    return Array.from(input.options).some((option) => option.selected !== option.defaultSelected);
  }
  return input.value !== input.defaultValue;
}

// Elsewhere than a hand form (the game's usual target, the first dealer, a roster's names):
// what was chosen, or typed in the field the user is in, is sent; not where the answer would
// replace something else the user typed.
function sendWhatWasChosen(elt) {
  const event = /^(input|change)\b/.exec(elt.getAttribute("hx-trigger"));
  if (!event || elt.hasAttribute("data-live-check")) { return; }
  const inputs = elt.matches(FIELDS) ? [elt] : Array.from(elt.querySelectorAll(FIELDS));
  const chosen = inputs.filter((input) => {
    if (!touched(input)) { return false; }
    if (input.type === "radio" || input.type === "checkbox") { return input.checked; }
    return input.tagName === "SELECT" || input === document.activeElement;
  });
  if (!chosen.length) { return; }
  const selector = elt.getAttribute("hx-target");
  let target = null;
  try {
    target = elt.getAttribute("hx-swap") === "none" ? null
      : selector ? document.querySelector(selector) : elt;
  } catch (error) {
    return;  // a target htmx finds its own way: not guessed at
  }
  if (target && Array.from(target.querySelectorAll(FIELDS)).some(touched)) { return; }
  window.htmx.trigger(chosen[0], event[1]);
}

// A hand form: one live check, from the input the keeper is in, else from the last one
// touched. The shares typed are announced first, on the form ("hand:typedbefore", heard by
// live-check.js), so that the app's shares they replace are cleared and the check names them.
function checkWhatWasTyped(form) {
  const inputs = Array.from(form.querySelectorAll("[data-live-check]")).filter(touched);
  if (!inputs.length) { return; }
  const shares = inputs.filter((input) => input.type === "number");
  const active = document.activeElement;
  const input = inputs.includes(active) ? active : inputs[inputs.length - 1];
  form.dispatchEvent(new CustomEvent("hand:typedbefore", { bubbles: true, detail: { shares, input } }));
  window.htmx.trigger(input, input.type === "number" ? "input" : "change");
}

function handForms(elt) {
  return elt.matches("form.hand-form") ? [elt] : Array.from(elt.querySelectorAll("form.hand-form"));
}

// Not after Back or Forward: what the browser puts back was sent when it was chosen, and may
// have been changed since on another phone.
const navigation = performance.getEntriesByType("navigation")[0];
const restored = Boolean(navigation) && navigation.type === "back_forward";

document.body.addEventListener("htmx:load", (evt) => {
  const elt = evt.target;
  if (elt === document.body) {  // htmx listens to the page now: its first htmx:load
    if (restored) { return; }
    document.querySelectorAll("[hx-trigger]").forEach(sendWhatWasChosen);
    handForms(document.body).forEach(checkWhatWasTyped);
  } else if (elt.querySelectorAll) {  // a fragment swapped in: only what differs was typed
    handForms(elt).forEach(checkWhatWasTyped);
  }
});
