// Entry that survives a dropped connection (the score keeper's page).
//
// A hand saved while the phone is offline (or whose sending failed) is kept on the phone, in
// localStorage, shown at once in the history as "waiting to send" with the score as it will
// be, and sent, in order, when the connection returns; meanwhile the keeper enters the next
// hands. The server's answers are the truth: the same hand sent twice is "already saved";
// another hand under a number already taken is a conflict, shown with both versions, that the
// keeper resolves. The page and its files are put in the cache that the service worker
// (static/js/sw.js) answers from offline, so that the page reloads without a connection.
// A logout deletes the copies of signed-in pages, never the hands (static/js/logout.js).
// Every word comes from the page (#offline's data-text-* attributes, translated there), and
// how hands score from its data-rules (scoring/templatetags/offline_tags.py).
(function () {
  "use strict";
  var box = document.getElementById("offline");
  if (!box) { return; }

  var RULES = JSON.parse(box.getAttribute("data-rules"));
  var KEY = "politaine-outbox-" + box.getAttribute("data-match");
  // The copies of a page shown signed in (its user's name, teams and CSRF token) are kept
  // apart from those made through a link without an account: static/js/logout.js deletes
  // them at a logout. static/js/sw.js answers from both.
  var CACHE = box.getAttribute("data-copies") === "account" ? "politaine-offline-account-v2"
    : "politaine-offline-v2";
  var sendUrl = box.getAttribute("data-send-url");
  var liveUrl = box.getAttribute("data-live-url");
  var sending = false;
  var refreshing = false;
  var retry = null;

  function text(name, values) {
    return (box.getAttribute("data-text-" + name) || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values && values[key] !== undefined ? values[key] : all;
    });
  }

  // --- The hands kept on the phone: [{number, fields: [[name, value]...], state, ...}] ----

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }

  function store(queue) {
    if (queue.length) {
      window.localStorage.setItem(KEY, JSON.stringify(queue));
    } else {
      window.localStorage.removeItem(KEY);
    }
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) {
      if (fields[i][0] === name) { return fields[i][1]; }
    }
    return "";
  }

  function setField(fields, name, value) {
    fields.forEach(function (pair) { if (pair[0] === name) { pair[1] = String(value); } });
  }

  function whole(value) {
    return /^\s*\d+\s*$/.test(value || "") ? parseInt(value, 10) : null;
  }

  // Both teams' shares of a quantity, the blank one filled in as the server does (11 - x).
  function shares(fields, quantity) {
    var total = RULES.totals[quantity];
    var a = whole(field(fields, quantity + "_a"));
    var b = whole(field(fields, quantity + "_b"));
    if (a === null && b !== null && b <= total) { a = total - b; }
    if (b === null && a !== null && a <= total) { b = total - a; }
    return a === null || b === null || a + b !== total ? null : [a, b];
  }

  // What a kept hand shows in each team's cell and adds to its total; null when it cannot
  // be scored as typed.
  function reckon(fields) {
    if (RULES.quadrette) {
      var tricks = shares(fields, "tricks");
      return tricks && { cells: tricks, gained: RULES.tricks[String(tricks[0])] };
    }
    var points = shares(fields, "points");
    var last = field(fields, "last_trick");
    var aces = shares(fields, "aces");
    var counters = shares(fields, "counters");
    if (!points && aces && counters && (last === "a" || last === "b")) {
      points = [0, 1].map(function (i) {
        return RULES.card_points[aces[i]][counters[i]][last === "ab"[i] ? 1 : 0];
      });
    }
    if (!points) { return null; }
    var made = ["a", "b"].map(function (team) { return whole(field(fields, "politaines_" + team)) || 0; });
    if (made[0] > 2 || made[1] > 2) { return null; }
    return {
      cells: [0, 1].map(function (i) {
        return points[i] + (made[i] ? " " + text("politaine-" + made[i]) : "");
      }),
      gained: [0, 1].map(function (i) { return points[i] + RULES.bonus * made[i]; })
    };
  }

  // --- The page ------------------------------------------------------------------------------

  function entryForm() { return document.querySelector("#entry form.hand-form"); }

  function stored() {
    var board = document.getElementById("scoreboard");
    return {
      hands: parseInt(board.getAttribute("data-hand-count"), 10),
      score: [parseInt(board.getAttribute("data-score-a"), 10),
              parseInt(board.getAttribute("data-score-b"), 10)],
      firstDealer: board.getAttribute("data-first-dealer")
    };
  }

  function cell(row, tag, content, className) {
    var element = document.createElement(tag);
    element.textContent = content;
    if (className) { element.className = className; }
    row.appendChild(element);
    return element;
  }

  // The kept hands in the history, after the stored ones, with the running score as it will
  // be; returns that score and the last number kept.
  function drawRows(queue) {
    var now = stored();
    var score = now.score.slice();
    var table = document.querySelector("#history table.history");
    var shown = queue.filter(function (entry) { return entry.number > now.hands; });
    var first = queue.filter(function (entry) { return entry.number === 1; })[0];
    var dealers = RULES.dealers[(first && field(first.fields, "first_dealer")) || now.firstDealer]
      || RULES.dealers[now.firstDealer];
    if (table) {
      table.querySelectorAll("tr.waiting").forEach(function (row) { row.remove(); });
    }
    shown.forEach(function (entry) {
      var reckoned = reckon(entry.fields);
      if (reckoned) { score = [score[0] + reckoned.gained[0], score[1] + reckoned.gained[1]]; }
      if (!table) { return; }
      var row = document.createElement("tr");
      row.className = "waiting" + (entry.state === "waiting" ? "" : " problem");
      row.id = "waiting-" + entry.number;
      cell(row, "th", entry.number).scope = "row";
      cell(row, "td", dealers[(entry.number - 1) % 4], "dealer");
      cell(row, "td", reckoned ? reckoned.cells[0] : "?");
      cell(row, "td", reckoned ? reckoned.cells[1] : "?");
      cell(row, "td", reckoned ? score[0] + "–" + score[1] : "?", "score");
      cell(row, "td", text("waiting"), "status");
      table.tBodies[0].appendChild(row);
    });
    if (table) {
      var any = table.tBodies[0].rows.length > 0;
      table.hidden = !any;
      var hint = table.previousElementSibling;
      if (hint && hint.classList.contains("hint")) { hint.hidden = !any; }
      var none = document.getElementById("no-hand-yet");
      if (none) { none.hidden = any; }
    }
    return { score: score, last: shown.length ? shown[shown.length - 1].number : null,
             dealers: dealers };
  }

  // The entry form moves on past the kept hands; once they end the match, it is put away.
  function moveEntryOn(kept) {
    var form = entryForm();
    if (!form || kept.last === null) { return; }
    var number = form.querySelector("input[name=number]");
    var next = kept.last + 1;
    if (parseInt(number.value, 10) !== next) {
      // "Hand 2" and "Save hand 2", in the page's language, say the next number instead.
      [document.getElementById("entry-title"), form.querySelector("button[type=submit]")]
        .forEach(function (el) { el.textContent = el.textContent.replace(number.value, next); });
      number.value = next;
      form.querySelectorAll(".first-dealer").forEach(function (el) { el.remove(); });
      document.querySelectorAll("#entry form:not(.hand-form) input[name=number]")
        .forEach(function (input) { input.value = next; });
    }
    // The scoreboard's hand, dealer and leader: those of the hand to enter now.
    var deal = document.querySelectorAll("#scoreboard dl.deal dd");
    if (deal.length >= 3) {
      deal[0].textContent = next;
      deal[1].textContent = kept.dealers[(next - 1) % 4];
      deal[2].textContent = kept.dealers[next % 4];
    }
    var score = kept.score;
    var ends = score[0] !== score[1] && Math.max(score[0], score[1]) >= RULES.target;
    var entry = document.getElementById("entry");
    entry.querySelectorAll("form, details").forEach(function (el) { el.hidden = ends; });
    var notice = document.getElementById("offline-ends");
    if (ends && !notice) {
      notice = document.createElement("p");
      notice.id = "offline-ends";
      notice.className = "notice";
      entry.querySelector("h2").after(notice);
    }
    if (notice) {
      notice.hidden = !ends;
      notice.textContent = text("ends", { number: kept.last });
    }
  }

  function button(label, className, action) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = className;
    element.textContent = label;
    element.addEventListener("click", action);
    return element;
  }

  // The banner: offline, how many hands wait; or the first kept hand the server refused.
  function drawBanner(queue) {
    var status = box.querySelector("[data-part=status]");
    var problem = box.querySelector("[data-part=problem]");
    var count = queue.length;
    var offline = !navigator.onLine;
    var head = queue[0];
    var message = "";
    if (offline) {
      message = count === 0 ? text("offline") : count === 1 ? text("offline-one")
        : text("offline-many", { count: count });
    } else if (count && head.state === "waiting") {
      message = count === 1 ? text("sending-one") : text("sending-many", { count: count });
    }
    status.textContent = message;
    status.hidden = !message;
    problem.textContent = "";
    problem.hidden = !head || head.state === "waiting";
    if (!problem.hidden) {
      var words = document.createElement("p");
      var actions = document.createElement("div");
      actions.className = "actions";
      if (head.state === "conflict") {
        words.textContent = text("conflict", { number: head.number, saved: head.saved, sent: head.sent });
        actions.appendChild(button(text("keep-saved"), "secondary", function () { drop(false); }));
        actions.appendChild(button(text("use-mine"), "primary", useMine));
      } else {
        words.textContent = text("refused", { number: head.number, message: head.message });
        actions.appendChild(button(text("drop"), "secondary", function () { drop(true); }));
      }
      problem.appendChild(words);
      problem.appendChild(actions);
    }
    var newProblem = !problem.hidden && !box.classList.contains("problem");
    box.classList.toggle("problem", !problem.hidden);
    box.hidden = !message && problem.hidden;
    // A conflict that appears while the keeper is at the form is brought into view, and
    // Save waits until it is resolved (issue 31, item 10).
    if (newProblem) { box.scrollIntoView({ block: "nearest" }); }
    var save = document.querySelector("#entry form.hand-form button[type=submit]");
    if (save) { save.disabled = !problem.hidden || save.hasAttribute("data-stale"); }
    var connection = document.getElementById("connection");
    if (connection && offline) { connection.hidden = true; }  // this banner says it all
  }

  function sync() {
    var queue = load();
    var kept = drawRows(queue);
    moveEntryOn(kept);
    drawBanner(queue);
  }

  // --- Keeping a hand -----------------------------------------------------------------------

  function clearForm(form) {
    form.reset();
    form.querySelectorAll("input[type=number]").forEach(function (input) { input.value = ""; });
    var filled = form.querySelector("input[name=filled]");
    if (filled) { filled.value = ""; }
    form.querySelectorAll(".field-error").forEach(function (el) { el.textContent = ""; });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) { el.removeAttribute("aria-invalid"); });
    form.querySelectorAll(".feedback").forEach(function (el) { el.textContent = ""; });
    form.querySelectorAll("details").forEach(function (el) { el.open = false; });
  }

  function keep(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { fields.push([name, String(value)]); }
    });
    var number = parseInt(field(fields, "number"), 10);
    if (!reckon(fields)) {  // the server would refuse it: say so now, keep the form
      var slot = form.querySelector("[id$=slot-hand]");
      var total = RULES.totals[RULES.quadrette ? "tricks" : "points"];
      if (slot) { slot.textContent = text("check", { total: total }); }
      return;
    }
    var queue = load().filter(function (entry) { return entry.number !== number; });
    queue.push({ number: number, fields: fields, state: "waiting" });
    queue.sort(function (x, y) { return x.number - y.number; });
    store(queue);
    clearForm(form);
    sync();
    var first = form.querySelector("input[type=number]");
    if (first) { first.focus(); }
    pump();
  }

  // The first kept hand refused or in conflict, given up: with `renumber`, the hands after
  // it move up one (the server has no hand under its number).
  function drop(renumber) {
    var queue = load();
    var dropped = queue.shift();
    if (dropped && renumber) {
      queue.forEach(function (entry) {
        entry.number -= 1;
        setField(entry.fields, "number", entry.number);
      });
    }
    store(queue);
    if (!queue.length) { refresh(); }
    sync();
    pump();
  }

  function useMine() {
    var queue = load();
    if (!queue.length) { return; }
    queue[0].state = "waiting";
    queue[0].correct = true;
    store(queue);
    pump();
  }

  // --- Sending, in order ------------------------------------------------------------------

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }

  function later() {
    sync();
    if (retry === null) {
      retry = window.setTimeout(function () { retry = null; pump(); }, 3000);
    }
  }

  function pump() {
    var queue = load();
    if (sending || !navigator.onLine || !queue.length || queue[0].state !== "waiting") {
      sync();
      return;
    }
    sending = true;
    sync();
    var entry = queue[0];
    var body = new URLSearchParams(entry.fields);
    if (entry.correct) { body.set("correct", "1"); }
    window.fetch(sendUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "Accept": "application/json" }
    }).then(function (response) {
      return response.json();
    }).then(function (answer) {
      sending = false;
      var current = load();
      if (!current.length || current[0].number !== entry.number) { pump(); return; }
      if (["saved", "already_saved", "corrected"].indexOf(answer.status) >= 0) {
        current.shift();
        store(current);
        refresh();
        pump();
      } else if (answer.status === "conflict" || answer.status === "refused") {
        current[0].state = answer.status;
        current[0].message = answer.message;
        current[0].saved = answer.saved;
        current[0].sent = answer.sent;
        delete current[0].correct;
        store(current);
        refresh();  // the history shows what the server holds, beside this phone's version
        sync();
      } else {
        later();
      }
    }).catch(function () {  // no answer, or not one of ours (a proxy's page): again soon
      sending = false;
      later();
    });
  }

  // The scoreboard and history as the server has them now (and the entry form once nothing
  // waits), as a poll would bring them; then the page's copy for offline is renewed.
  function refresh() {
    if (typeof window.htmx === "undefined" || !navigator.onLine) { return; }
    var form = entryForm();
    var url = liveUrl;
    if (!load().length && form) {
      url += "?number=" + form.querySelector("input[name=number]").value;
    }
    refreshing = true;
    try {
      window.htmx.ajax("GET", url, { source: "#scoreboard", swap: "none" });
    } finally {
      refreshing = false;
    }
  }

  // The page as the server has it now (and, at first, its files) put in the cache, so that
  // a reload offline shows the hands stored up to the drop.
  function keepCopy(withFiles) {
    if (!window.caches || !navigator.onLine) { return; }
    var urls = [window.location.pathname];
    if (withFiles) {
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon], link[rel=apple-touch-icon]")
        .forEach(function (el) { urls.push(el.src || el.href); });
    }
    keepUrls(urls);
  }

  function keepUrls(urls) {
    window.caches.open(CACHE).then(function (cache) {
      return Promise.all(urls.map(function (url) {
        return cache.add(url).catch(function () { return null; });
      }));
    }).catch(function () { return null; });
  }

  // The link's QR code is an image the phone loads after the page, under an address that
  // names the link: kept once shown (and not yet kept), so that a reload offline still shows
  // it to the phone that joins.
  function keepCodeWhenShown() {
    var code = document.querySelector("#share .qr img");
    if (!code || !window.caches) { return; }
    function keepIt() {
      var src = code.currentSrc || code.src;
      window.caches.match(src).then(function (found) {
        if (!found && navigator.onLine) { keepUrls([src]); }
      }).catch(function () { return null; });
    }
    if (code.complete && code.naturalWidth) { keepIt(); } else {
      code.addEventListener("load", keepIt, { once: true });
    }
  }

  // --- Wiring -------------------------------------------------------------------------------

  document.body.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail.elt;
    var queue = load();
    var form = entryForm();
    if (form && elt === form) {
      // Offline, or behind hands still waiting: kept on the phone, in order.
      if (!navigator.onLine || queue.length) {
        evt.preventDefault();
        keep(form);
      }
      return;
    }
    if (!navigator.onLine) {  // nothing else gets through: not tried, so no error shown
      evt.preventDefault();
      return;
    }
    // While hands wait, the poll waits too: it would move the form back to a hand kept here.
    var path = evt.detail.requestConfig && evt.detail.requestConfig.path;
    if (queue.length && !refreshing && path && path.indexOf(liveUrl) === 0) {
      evt.preventDefault();
    }
  });

  // A hand whose sending failed (no answer, or a server that cannot save now) is kept too:
  // sent again later, it is stored once ("already saved" if the first try got through).
  function keepFailed(evt) {
    var form = entryForm();
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (form && evt.detail.elt === form && (evt.type === "htmx:sendError" || status >= 500)) {
      keep(form);
      var connection = document.getElementById("connection");
      if (connection) { connection.hidden = true; }
    }
  }
  document.body.addEventListener("htmx:sendError", keepFailed);
  document.body.addEventListener("htmx:responseError", keepFailed);

  // The server's fragments replace the history and the form: draw the kept hands again.
  var syncTimer = null;
  document.body.addEventListener("htmx:oobAfterSwap", function (evt) {
    var target = evt.detail.target || evt.detail.elt;
    if (target && target.id === "scoreboard") { keepCopy(false); }
    window.clearTimeout(syncTimer);
    syncTimer = window.setTimeout(sync, 0);
  });
  document.body.addEventListener("htmx:afterSwap", function () {
    window.clearTimeout(syncTimer);
    syncTimer = window.setTimeout(sync, 0);
  });

  window.addEventListener("online", pump);
  window.addEventListener("offline", sync);

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(box.getAttribute("data-worker-url"), { scope: "/" })
      .catch(function () { return null; });
  }
  keepCopy(true);
  keepCodeWhenShown();
  sync();
  pump();
})();
