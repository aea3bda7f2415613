// The hand form's live check: what the keeper typed last always wins.

function handForm(el) { return el && el.closest ? el.closest("form.hand-form") : null; }

function isLiveCheck(elt) { return Boolean(elt.hasAttribute) && elt.hasAttribute("data-live-check"); }

function snapshot(form) { return new URLSearchParams(new FormData(form)).toString(); }

function partnerName(name) {
  const found = /^(.*)_([ab])$/.exec(name);
  return found ? `${found[1]}_${found[2] === "a" ? "b" : "a"}` : null;
}

// The app fills in the other team's share (and the points of counted cards); as soon as the
// keeper types again, a share the app wrote is cleared until the live check answers, so that
// the screen never shows, and Save never sends, a number nobody typed. `typed`: the inputs
// the keeper typed in, which leave the form's list of the app's shares.
function keeperTyped(form, typed) {
  const filledInput = form.querySelector("input[name=filled]");
  if (!filledInput) { return; }
  const names = typed.map((input) => input.name);
  const filled = (filledInput.value ? filledInput.value.split(",") : [])
    .filter((name) => !names.includes(name));
  for (const name of names) {
    const stale = [partnerName(name)];
    if (/^(aces|counters)_/.test(name)) { stale.push("points_a", "points_b"); }
    for (const other of stale) {
      const input = other && filled.includes(other) && form.querySelector(`input[name=${other}]`);
      if (input) { input.value = ""; }
    }
  }
  filledInput.value = filled.join(",");
}

document.addEventListener("input", (evt) => {
  const form = handForm(evt.target);
  if (form && evt.target.type === "number") { keeperTyped(form, [evt.target]); }
});

const unanswered = new WeakMap();  // form -> the shares its last check named, until answered

// A live-check answer about values the keeper has since changed (or about a hand already
// saved) is dropped: a newer check is on its way, or the form has moved on.
document.body.addEventListener("htmx:beforeRequest", (evt) => {
  const form = isLiveCheck(evt.detail.elt) && handForm(evt.detail.elt);
  if (form) {
    evt.detail.xhr.handForm = form;
    evt.detail.xhr.handSnapshot = snapshot(form);
    evt.detail.xhr.handTyped = unanswered.get(form);  // the shares it names (below)
  }
});
document.body.addEventListener("htmx:beforeSwap", (evt) => {
  const xhr = evt.detail.xhr;
  if (!xhr || !xhr.handForm) { return; }
  if (!document.body.contains(xhr.handForm) || snapshot(xhr.handForm) !== xhr.handSnapshot) {
    evt.detail.shouldSwap = false;
  }
});

// Shares typed before the scripts ran (typed-before.js) are taken as typed, and the check
// sent for them names them (`typed`), so that the server fills in the partner of each.
let typedBefore = null;  // {input, names} for that check
document.addEventListener("hand:typedbefore", (evt) => {
  keeperTyped(evt.target, evt.detail.shares);
  typedBefore = { input: evt.detail.input, names: evt.detail.shares.map((share) => share.name) };
});

// Every live check also names the share the keeper is in: it is hers, never filled in under
// her finger (she emptied it to type it again, or moved into it to type it); an emptied
// share looks untouched. A check that replaced one still unanswered (she ticked a politaine
// while her points were being checked) names that one's shares too, so that their partners
// are filled in as its answer would have.
document.body.addEventListener("htmx:configRequest", (evt) => {
  const elt = evt.detail.elt;
  if (!isLiveCheck(elt)) { return; }
  const form = handForm(elt);
  let names = (form && unanswered.get(form)) || [];
  if (typedBefore && elt === typedBefore.input) {
    names = names.concat(typedBefore.names);
    typedBefore = null;
  }
  const active = document.activeElement;
  if (active && active.type === "number" && handForm(active) === form) {
    names = names.concat([active.name]);
  }
  names = [...new Set(names)];
  if (form) { unanswered.set(form, names); }
  if (names.length) { evt.detail.parameters.typed = names.join(","); }
});
document.body.addEventListener("htmx:afterRequest", (evt) => {
  const xhr = evt.detail.xhr;
  if (xhr && xhr.handForm && evt.detail.successful &&
      unanswered.get(xhr.handForm) === xhr.handTyped) {
    unanswered.delete(xhr.handForm);
  }
});

// A request still on its way when the element that sent it is drawn again (a poll from the
// scoreboard, a check from a form, replaced by a save's answer) is dropped: the page has moved
// on, and the answer's out-of-band parts would look for their places in the element's old,
// detached copy, and find none (its events no longer reach the page either).
const inFlight = new Map();  // element -> its request
document.body.addEventListener("htmx:beforeRequest", (evt) => {
  inFlight.set(evt.detail.elt, evt.detail.xhr);
});
document.body.addEventListener("htmx:afterRequest", (evt) => {
  inFlight.delete(evt.detail.elt);
});
document.body.addEventListener("htmx:beforeCleanupElement", (evt) => {
  const xhr = inFlight.get(evt.target);
  inFlight.delete(evt.target);
  if (xhr && xhr.readyState < XMLHttpRequest.DONE) { xhr.abort(); }  // not its own answer
});
