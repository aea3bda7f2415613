// Tell the score keeper when a request did not get through (htmx pages only).
// The messages are in the page, translated by the server; this file only shows them.
(function () {
  "use strict";
  var banner = document.getElementById("connection");
  if (!banner) { return; }

  function show(kind) {
    banner.querySelectorAll("[data-message]").forEach(function (el) {
      el.hidden = el.getAttribute("data-message") !== kind;
    });
    banner.hidden = false;
  }

  function isWrite(evt) {
    var config = evt.detail && evt.detail.requestConfig;
    return config && config.verb && config.verb.toLowerCase() !== "get";
  }

  document.body.addEventListener("htmx:sendError", function (evt) {
    show(isWrite(evt) ? "not-saved" : "offline");
  });
  document.body.addEventListener("htmx:responseError", function (evt) {
    if (evt.detail.xhr && evt.detail.xhr.status >= 500) {
      show(isWrite(evt) ? "server" : "offline");
    }
  });
  document.body.addEventListener("htmx:afterRequest", function (evt) {
    if (evt.detail.successful) { banner.hidden = true; }
  });
})();

// What a user typed or chose before the page's scripts ran (a slow phone shows the page
// first): an input whose value, or tick, is no longer the page's.
function touched(input) {
  if (input.type === "radio" || input.type === "checkbox") {
    return input.checked !== input.defaultChecked;
  }
  if (input.tagName === "SELECT") {
    return Array.prototype.some.call(input.options, function (option) {
      return option.selected !== option.defaultSelected;
    });
  }
  return input.value !== input.defaultValue;
}

// `callback` once htmx listens to a page just opened or reloaded (a slow phone's keeper
// reloads): its first htmx:load, on the body. Not after Back or Forward: what the browser
// puts back was sent when it was chosen, and may have been changed since on another phone.
function onFirstLoad(callback) {
  var navigation = window.performance && window.performance.getEntriesByType
    ? window.performance.getEntriesByType("navigation")[0] : null;
  if (navigation && navigation.type === "back_forward") { return; }
  document.body.addEventListener("htmx:load", function (evt) {
    if (evt.target === document.body && typeof window.htmx !== "undefined") { callback(); }
  });
}

// Elsewhere than the hand form (which has its own, below): what was chosen, or typed in the
// field the user is in, before the scripts ran is sent once htmx listens, as htmx would have
// sent it then (the game's usual target, the first dealer, a roster's names); not where
// the answer would replace something else the user typed.
onFirstLoad(function () {
  "use strict";
  document.querySelectorAll("[hx-trigger]").forEach(function (elt) {
    var event = /^(input|change)\b/.exec(elt.getAttribute("hx-trigger"));
    if (!event || elt.hasAttribute("data-live-check")) { return; }
    var inputs = elt.matches("input, select, textarea") ? [elt]
      : Array.prototype.slice.call(elt.querySelectorAll("input, select, textarea"));
    var chosen = inputs.filter(function (input) {
      if (!touched(input)) { return false; }
      if (input.type === "radio" || input.type === "checkbox") { return input.checked; }
      return input.tagName === "SELECT" || input === document.activeElement;
    });
    if (!chosen.length) { return; }
    var selector = elt.getAttribute("hx-target");
    var target = null;
    try {
      target = elt.getAttribute("hx-swap") === "none" ? null
        : selector ? document.querySelector(selector) : elt;
    } catch (e) { return; }  // a target htmx finds its own way: not guessed at
    if (target && Array.prototype.some.call(target.querySelectorAll("input, select, textarea"),
                                             touched)) { return; }
    window.htmx.trigger(chosen[0], event[1]);
  });
});

// A save's answer adds the new hand's row to the history (scoring/views/table.py); a poll
// answered while that answer was on its way may have drawn the whole history, that row in
// it, already: the row is not added twice (the one shown is as new, or newer).
(function () {
  "use strict";
  document.body.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var fragment = evt.detail.fragment;
    // Only rows added to the history's body; a whole history drawn again replaces it.
    if (evt.detail.target.tagName !== "TBODY" || !fragment || !fragment.querySelectorAll) {
      return;
    }
    var rows = fragment.querySelectorAll("tr[id^='hand-']");
    if (rows.length && Array.prototype.every.call(rows, function (row) {
      return document.getElementById(row.id);
    })) {
      evt.detail.shouldSwap = false;
    }
  });
})();

// Entering a hand: what the keeper typed last always wins.
(function () {
  "use strict";

  function handForm(el) { return el && el.closest ? el.closest("form.hand-form") : null; }

  function snapshot(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }

  function partnerName(name) {
    var match = /^(.*)_([ab])$/.exec(name);
    return match ? match[1] + "_" + (match[2] === "a" ? "b" : "a") : null;
  }

  // The app fills in the other team's share (and the points of counted cards); as soon as
  // the keeper types again, a share the app wrote is cleared until the live check answers,
  // so that the screen never shows, and Save never sends, a number nobody typed. `typed`:
  // the inputs the keeper typed in, which leave the form's list of the app's shares.
  function keeperTyped(form, typed) {
    var filledInput = form.querySelector("input[name=filled]");
    if (!filledInput) { return; }
    var names = typed.map(function (input) { return input.name; });
    var filled = (filledInput.value ? filledInput.value.split(",") : []).filter(function (name) {
      return names.indexOf(name) < 0;
    });
    names.forEach(function (name) {
      var stale = [partnerName(name)];
      if (/^(aces|counters)_/.test(name)) { stale.push("points_a", "points_b"); }
      stale.forEach(function (other) {
        var input = other && filled.indexOf(other) >= 0 && form.querySelector("input[name=" + other + "]");
        if (input) { input.value = ""; }
      });
    });
    filledInput.value = filled.join(",");
  }
  document.addEventListener("input", function (evt) {
    var form = handForm(evt.target);
    if (form && evt.target.type === "number") { keeperTyped(form, [evt.target]); }
  });

  // A live-check answer about values the keeper has since changed (or about a hand already
  // saved) is dropped: a newer check is on its way, or the form has moved on.
  document.body.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail.elt;
    if (!elt.hasAttribute || !elt.hasAttribute("data-live-check")) { return; }
    var form = handForm(elt);
    if (form) {
      evt.detail.xhr.handForm = form;
      evt.detail.xhr.handSnapshot = snapshot(form);
    }
  });
  document.body.addEventListener("htmx:beforeSwap", function (evt) {
    var xhr = evt.detail.xhr;
    if (!xhr || !xhr.handForm) { return; }
    if (!document.body.contains(xhr.handForm) || snapshot(xhr.handForm) !== xhr.handSnapshot) {
      evt.detail.shouldSwap = false;
    }
  });

  // A slow phone shows the page before its scripts run, and the keeper may type (or tick) in
  // the meantime: once htmx listens (its first htmx:load, on the body), what was typed is
  // taken as typed (the app's shares it replaced are cleared) and checked, once for the
  // form, from the input the keeper is in, else from the last one touched. The check names
  // the shares typed (`typed`), so that the server fills in the partner of each, and, as
  // every check does (below), the one she is in: an emptied share looks untouched.
  var typedBefore = null;  // {input, names} for the catch-up's check
  function checkWhatWasTyped(form) {
    var inputs = Array.prototype.filter.call(form.querySelectorAll("[data-live-check]"), touched);
    if (!inputs.length) { return; }
    var shares = inputs.filter(function (input) { return input.type === "number"; });
    keeperTyped(form, shares);
    var active = document.activeElement;
    var input = inputs.indexOf(active) >= 0 ? active : inputs[inputs.length - 1];
    typedBefore = { input: input, names: shares.map(function (share) { return share.name; }) };
    window.htmx.trigger(input, input.type === "number" ? "input" : "change");
  }
  // Every live check also names the share the keeper is in: it is hers, never filled in
  // under her finger (she emptied it to type it again, or moved into it to type it).
  document.body.addEventListener("htmx:configRequest", function (evt) {
    var elt = evt.detail.elt;
    if (!elt.hasAttribute || !elt.hasAttribute("data-live-check")) { return; }
    var names = [];
    if (typedBefore && elt === typedBefore.input) {
      names = typedBefore.names;
      typedBefore = null;
    }
    var active = document.activeElement;
    if (active && active.type === "number" && handForm(active) === handForm(elt) &&
        names.indexOf(active.name) < 0) {
      names = names.concat([active.name]);
    }
    if (names.length) { evt.detail.parameters.typed = names.join(","); }
  });
  onFirstLoad(function () {
    document.querySelectorAll("form.hand-form").forEach(checkWhatWasTyped);
  });
  // The same for a hand form htmx swaps in (the next hand's, after a save): a quick keeper
  // types into it before htmx listens to it. Only what differs from what the server drew
  // counts as typed.
  document.body.addEventListener("htmx:load", function (evt) {
    var elt = evt.target;
    if (elt === document.body || !elt.querySelectorAll) { return; }
    var forms = elt.matches("form.hand-form") ? [elt]
      : Array.prototype.slice.call(elt.querySelectorAll("form.hand-form"));
    forms.forEach(checkWhatWasTyped);
  });

  // After a hand is saved (or refused), the new form's first field takes the focus, so that a
  // phone's keyboard stays up hand after hand; an element elsewhere keeps it (htmx puts it
  // back on the new copy of an element with the same id).
  var wasEntering = null;
  document.body.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    wasEntering = active && active.closest && active.closest("#entry form.hand-form") ? active : null;
  });
  function refocus() {
    if (!wasEntering || document.body.contains(wasEntering)) { return; }
    wasEntering = null;
    var form = document.querySelector("#entry form.hand-form");
    if (!form) { return; }
    var field = form.querySelector("input[aria-invalid=true]") ||
      form.querySelector("input[type=number]");
    if (field) { field.focus(); }
  }
  // Once every part of the answer is in (the entry comes out of band after a save).
  ["htmx:afterSwap", "htmx:oobAfterSwap"].forEach(function (name) {
    document.body.addEventListener(name, function () { window.setTimeout(refocus, 0); });
  });
})();

// The projector: a list longer than the screen shows one page at a time and turns its pages
// by itself (the arrow keys turn them too); the page shown survives the live refresh.
(function () {
  "use strict";
  var shown = {};  // list name -> index of the page shown

  function show(container, index) {
    var pages = container.querySelectorAll("[data-page]");
    if (!pages.length) { return; }
    var name = container.getAttribute("data-pages");
    index = ((index % pages.length) + pages.length) % pages.length;
    shown[name] = index;
    pages.forEach(function (page, i) { page.hidden = i !== index; });
    var status = document.querySelector("[data-page-of=" + name + "]");
    if (status && status.getAttribute("data-template")) {
      status.textContent = status.getAttribute("data-template")
        .replace("{page}", index + 1).replace("{total}", pages.length);
    }
  }

  function containers() { return document.querySelectorAll("[data-pages]"); }

  function refresh() {
    containers().forEach(function (container) {
      show(container, shown[container.getAttribute("data-pages")] || 0);
    });
  }

  function turn(step) {
    containers().forEach(function (container) {
      show(container, (shown[container.getAttribute("data-pages")] || 0) + step);
    });
  }

  if (!document.querySelector("[data-pages]")) { return; }
  refresh();
  document.body.addEventListener("htmx:afterSwap", refresh);
  var seconds = parseInt(document.querySelector("[data-pages]").getAttribute("data-seconds"), 10);
  window.setInterval(function () { turn(1); }, (seconds || 10) * 1000);
  document.addEventListener("keydown", function (evt) {
    if (evt.key === "ArrowRight" || evt.key === "PageDown" || evt.key === " ") { turn(1); }
    if (evt.key === "ArrowLeft" || evt.key === "PageUp") { turn(-1); }
  });
})();
