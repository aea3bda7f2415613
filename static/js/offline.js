// Entry that survives a dropped connection (the score keeper's page).
//
// A hand saved while the phone is offline (or whose sending failed) is kept on the phone, in
// localStorage, shown at once in the history as "waiting to send", counted on the scoreboard
// (the totals and the standing as they will be, marked as not yet sent), and sent, in order,
// when the connection returns; meanwhile the keeper enters the next hands. Four sevens and a
// redeal are kept the same way, in order with the hands. Corrections and undo are not kept:
// tapped offline, they say that they need the connection. The server's answers are the truth: the same hand sent twice is "already saved";
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
  var RETRY_MS = (parseFloat(box.getAttribute("data-retry-seconds")) || 3) * 1000;
  var sending = false;
  var refreshing = false;
  var retry = null;
  var sentAwaiting = [];  // hands the server stored, until its scoreboard shows them
  var shownBefore = new WeakMap();  // the server's words on the scoreboard, as drawn

  function text(name, values) {
    return (box.getAttribute("data-text-" + name) || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values && values[key] !== undefined ? values[key] : all;
    });
  }

  // --- The hands kept on the phone: [{number, fields: [[name, value]...], state, ...}] ----
  // A field "entry" says what was kept: a played hand (none), "four_sevens" (its number,
  // team and confirmation) or "redeal" (the number of the hand it was dealt for, and
  // "redeals": which of the match's redeals it is, so that it is noted once however often
  // it is sent). scoring/views/offline.py `send` takes each as its form would.

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

  function kindOf(entry) { return field(entry.fields, "entry") || "hand"; }

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
  // be scored as typed. Four sevens: the team dealt them (it wins at once, as RULES says);
  // a redeal is no hand (RULES.md): it scores nothing and the same dealer deals again.
  function reckon(fields) {
    var entry = field(fields, "entry");
    if (entry === "redeal") { return { redeal: true, gained: [0, 0] }; }
    if (entry === "four_sevens") {
      var team = field(fields, "team");
      return RULES.four_sevens && (team === "a" || team === "b")
        ? { fourSevens: team, gained: RULES.four_sevens.points } : null;
    }
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
  // be; returns that score, who wins with them, the hands counted and the hand to enter next.
  function drawRows(queue) {
    var now = stored();
    var score = now.score.slice();
    var table = document.querySelector("#history table.history");
    // Hands just sent count until the server's scoreboard shows them (no total going back).
    sentAwaiting = sentAwaiting.filter(function (entry) { return entry.number > now.hands; });
    var shown = queue.filter(function (entry) {
      return kindOf(entry) === "redeal" || entry.number > now.hands;
    });
    var first = sentAwaiting.concat(queue).filter(function (entry) {
      return entry.number === 1 && kindOf(entry) === "hand";
    })[0];
    var dealers = RULES.dealers[(first && field(first.fields, "first_dealer")) || now.firstDealer]
      || RULES.dealers[now.firstDealer];
    var kept = { score: score, dealers: dealers, hands: 0, counted: 0, last: null, next: null,
                 winner: null, reason: null };
    if (table) {
      table.querySelectorAll("tr.waiting").forEach(function (row) { row.remove(); });
    }
    function add(entry, draw) {
      var reckoned = reckon(entry.fields);
      var hand = !(reckoned && reckoned.redeal);
      if (reckoned) {
        score = [score[0] + reckoned.gained[0], score[1] + reckoned.gained[1]];
      }
      if (hand) {
        kept.counted += 1;
        kept.last = entry.number;
        if (draw) { kept.hands += 1; }
        if (reckoned && kept.winner === null) {
          if (reckoned.fourSevens && RULES.four_sevens.wins) {
            kept.winner = reckoned.fourSevens;
            kept.reason = "four_sevens";
          } else if (score[0] !== score[1] && Math.max(score[0], score[1]) >= RULES.target) {
            kept.winner = score[0] > score[1] ? "a" : "b";
            kept.reason = "target";
          }
        }
      }
      kept.next = hand ? entry.number + 1 : Math.max(kept.next || 0, entry.number);
      if (!draw || !table) { return; }
      var row = document.createElement("tr");
      row.className = "waiting" + (entry.state === "waiting" ? "" : " problem");
      row.id = hand ? "waiting-" + entry.number
        : "waiting-redeal-" + entry.number + "-" + field(entry.fields, "redeals");
      cell(row, "th", hand ? entry.number : "").scope = "row";
      cell(row, "td", dealers[(entry.number - 1) % 4], "dealer");
      if (reckoned && (reckoned.fourSevens || reckoned.redeal)) {
        cell(row, "td", reckoned.redeal ? text("redeal") : text("four-sevens-" + reckoned.fourSevens),
             reckoned.redeal ? "redeal" : "four-sevens").colSpan = 2;
      } else {
        cell(row, "td", reckoned ? reckoned.cells[0] : "?");
        cell(row, "td", reckoned ? reckoned.cells[1] : "?");
      }
      cell(row, "td", reckoned ? score[0] + "–" + score[1] : "?", "score");
      cell(row, "td", text("waiting"), "status");
      table.tBodies[0].appendChild(row);
    }
    sentAwaiting.forEach(function (entry) { add(entry, false); });
    shown.forEach(function (entry) { add(entry, true); });
    if (table) {
      var any = table.tBodies[0].rows.length > 0;
      table.hidden = !any;
      var hint = table.previousElementSibling;
      if (hint && hint.classList.contains("hint")) { hint.hidden = !any; }
      var none = document.getElementById("no-hand-yet");
      if (none) { none.hidden = any; }
    }
    kept.score = score;
    return kept;
  }

  // The entry form moves on past the kept hands; once they end the match, it is put away.
  // The number of the hand the server drew the form for (its inputs' ids carry it).
  function drawnNumber(form) {
    var found = /^hand(\d+)-/.exec(form.querySelector("input[name=number]").id);
    return found ? found[1] : form.querySelector("input[name=number]").value;
  }

  function moveEntryOn(kept) {
    var form = entryForm();
    if (!form || kept.next === null) { return; }
    var number = form.querySelector("input[name=number]");
    var next = kept.next;
    if (parseInt(number.value, 10) !== next) {
      // "Hand 2" and "Save hand 2", in the page's language, say the next number instead.
      [document.getElementById("entry-title"), form.querySelector("button[type=submit]")]
        .forEach(function (el) { el.textContent = el.textContent.replace(number.value, next); });
      number.value = next;
      form.querySelectorAll(".first-dealer").forEach(function (el) { el.remove(); });
      document.querySelectorAll("#entry form:not(.hand-form) input[name=number]")
        .forEach(function (input) { input.value = next; });
    }
    // The scoreboard's hand, dealer and leader: those of the hand to enter now (said above
    // its fields too).
    var deal = document.querySelectorAll("#scoreboard dl.deal dd");
    if (deal.length >= 3) {
      deal[0].textContent = next;
      deal[1].textContent = kept.dealers[(next - 1) % 4];
      deal[2].textContent = kept.dealers[next % 4];
    }
    var dealer = document.getElementById("entry-dealer");
    if (dealer) {
      dealer.textContent = text("entry-dealer", { dealer: kept.dealers[(next - 1) % 4],
                                                  leader: kept.dealers[next % 4] });
    }
    var ends = kept.winner !== null;
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

  // What the scoreboard shows is the server's until hands kept here count: then its
  // totals, bars and standing are the score as it will be, marked as not yet sent. The
  // server's words come back once nothing is counted (its next scoreboard replaces them).
  function show(element, name, value) {
    var before = shownBefore.get(element) || {};
    if (!(name in before)) {
      before[name] = name === "text" ? element.textContent : element.getAttribute(name);
      shownBefore.set(element, before);
    }
    if (name === "text") { element.textContent = value; } else { element.setAttribute(name, value); }
  }

  function showServers(element) {
    var before = shownBefore.get(element);
    if (!before) { return; }
    Object.keys(before).forEach(function (name) {
      if (name === "text") {
        element.textContent = before[name];
      } else if (before[name] === null) {
        element.removeAttribute(name);
      } else {
        element.setAttribute(name, before[name]);
      }
    });
    shownBefore.delete(element);
  }

  function drawScoreboard(kept) {
    var board = document.getElementById("scoreboard");
    var pending = document.getElementById("pending");
    if (!board || !pending) { return; }
    var teams = board.querySelectorAll(".teams .team");
    var standing = board.querySelector("p.standing");
    var deal = board.querySelector("dl.deal");
    var parts = [standing, deal].filter(Boolean);
    teams.forEach(function (team) {
      parts.push(team, team.querySelector(".total"), team.querySelector("progress"));
    });
    board.classList.toggle("pending", kept.hands > 0);
    pending.hidden = kept.hands === 0;
    pending.textContent = kept.hands === 1 ? text("pending-one")
      : text("pending-many", { count: kept.hands });
    if (kept.counted === 0) {
      parts.forEach(showServers);
      return;
    }
    var score = kept.score;
    var ahead = score[0] === score[1] ? null : score[0] > score[1] ? "a" : "b";
    var leading = kept.winner || ahead;
    teams.forEach(function (team, i) {
      var name = team.querySelector(".name").textContent;
      var code = "ab"[i];
      show(team, "class", team.className.replace(/\s*\bleading\b/g, "")
        + (leading === code ? " leading" : ""));
      show(team.querySelector(".total"), "text", String(score[i]));
      show(team.querySelector(".total"), "aria-label", text("total", { name: name, score: score[i] }));
      var bar = team.querySelector("progress");
      show(bar, "value", String(score[i]));
      show(bar, "text", String(score[i]));
      show(bar, "aria-label", text("progress", { name: name, score: score[i] }));
    });
    var figures = { a: score[0], b: score[1] };
    var words;
    var state = "";
    if (kept.winner) {
      var won = score["ab".indexOf(kept.winner)];
      var lost = score[1 - "ab".indexOf(kept.winner)];
      words = text("standing-wins-" + kept.reason + "-" + kept.winner, { won: won, lost: lost });
      state = " finished";
    } else if (ahead === null) {
      var tied = score[0] >= RULES.target;
      words = text(tied ? "standing-tied" : "standing-level", figures);
      state = tied ? " tied" : "";
    } else {
      var lead = Math.abs(score[0] - score[1]);
      var team = teams["ab".indexOf(ahead)].querySelector(".name").textContent;
      words = text(lead === 1 ? "standing-leading-1" : "standing-leading-2",
                   { team: team, lead: lead });
    }
    if (standing) {
      show(standing, "text", words);
      show(standing, "class", "standing" + state);
    }
    if (deal) {  // who deals is said until the match ends (moveEntryOn says who)
      if (kept.winner) { show(deal, "hidden", ""); } else { showServers(deal); }
    }
    // "Hand 3 saved" would contradict the score shown: it goes.
    var flash = document.getElementById("flash");
    if (flash && kept.hands) { flash.replaceChildren(); }
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
    drawScoreboard(kept);
    drawBanner(queue);
    var needs = document.getElementById("needs-connection");
    if (needs && navigator.onLine) { needs.hidden = true; }
  }

  // Corrections and undo change hands the server holds: they are not kept, and say so.
  function needsConnection() {
    var needs = document.getElementById("needs-connection");
    if (!needs) { return; }
    needs.textContent = text("needs-connection");
    needs.hidden = false;
  }

  function isCorrectionOrUndo(elt) {
    return Boolean(elt && elt.closest && (elt.closest("#undo") || elt.closest("#history tr")));
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

  // Where a kept entry goes in the queue: by the number of its hand, a redeal before the
  // hand it was dealt for; a hand (or four sevens) replaces one kept under its number.
  function enqueue(entry) {
    var redeal = kindOf(entry) === "redeal";
    var queue = load().filter(function (other) {
      return redeal || kindOf(other) === "redeal" || other.number !== entry.number;
    });
    queue.push(entry);
    queue.sort(function (x, y) {
      return x.number - y.number || (kindOf(x) === "redeal" ? 0 : 1) - (kindOf(y) === "redeal" ? 0 : 1);
    });
    store(queue);
  }

  function formFields(form, config) {
    var fields = [];
    var data = config && config.formData instanceof FormData ? config.formData : new FormData(form);
    data.forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") { fields.push([name, String(value)]); }
    });
    return fields;
  }

  function keep(form) {
    var fields = formFields(form);
    var number = parseInt(field(fields, "number"), 10);
    if (!reckon(fields)) {  // the server would refuse it: say so now, keep the form
      var slot = form.querySelector("[id$=slot-hand]");
      var total = RULES.totals[RULES.quadrette ? "tricks" : "points"];
      if (slot) { slot.textContent = text("check", { total: total }); }
      return;
    }
    enqueue({ number: number, fields: fields, state: "waiting" });
    clearForm(form);
    sync();
    var first = form.querySelector("input[type=number]");
    if (first) { first.focus(); }
    // As online (keep-focus.js): who deals the next hand in sight with its fields, below
    // the banner that says hands wait.
    var dealer = document.getElementById("entry-dealer");
    if (dealer) { dealer.scrollIntoView({ block: "nearest" }); }
    pump();
  }

  // The entry's other forms: four sevens, and the redeal.
  function otherEntryForm(elt) {
    var form = elt && elt.closest && elt.closest("#entry form:not(.hand-form)");
    return form && (form.classList.contains("redeal") || form.closest("details.four-sevens"))
      ? form : null;
  }

  function keepOther(form, config) {
    var hand = entryForm();
    var number = parseInt(hand ? hand.querySelector("input[name=number]").value
      : stored().hands + 1, 10);
    var fields;
    if (form.classList.contains("redeal")) {
      var redeals = parseInt(document.getElementById("scoreboard").getAttribute("data-redeals"), 10) || 0;
      var kept = load().filter(function (entry) { return kindOf(entry) === "redeal"; }).length;
      fields = [["entry", "redeal"], ["number", String(number)],
                ["redeals", String(redeals + kept + 1)]];
    } else {
      fields = [["entry", "four_sevens"]].concat(formFields(form, config));
      setField(fields, "number", number);
      if (!reckon(fields)) { return; }
      var details = form.closest("details");
      if (details) { details.open = false; }
      form.reset();
    }
    enqueue({ number: number, fields: fields, state: "waiting" });
    sync();
    pump();
  }

  // The first kept hand refused or in conflict, given up: with `renumber`, the hands after
  // it move up one (the server has no hand under its number).
  function drop(renumber) {
    var queue = load();
    var dropped = queue.shift();
    if (dropped && kindOf(dropped) === "redeal") {  // the redeals after it are one fewer
      queue.forEach(function (entry) {
        if (kindOf(entry) === "redeal") {
          setField(entry.fields, "redeals", parseInt(field(entry.fields, "redeals"), 10) - 1);
        }
      });
    } else if (dropped && renumber) {
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
      retry = window.setTimeout(function () { retry = null; pump(); }, RETRY_MS);
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
        var sent = current.shift();
        if (kindOf(sent) !== "redeal") { sentAwaiting.push(sent); }
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
  // One at a time: a second one asked meanwhile goes once the first is in (the scoreboard it
  // starts from is replaced by the first's answer, which would drop it).
  var refreshed = null;
  var refreshAgain = false;
  function refresh() {
    if (typeof window.htmx === "undefined" || !navigator.onLine) { return; }
    if (refreshed) { refreshAgain = true; return; }
    var form = entryForm();
    var values = {};
    if (!load().length && form) {
      // A blank form moved on here is drawn again by the server, its inputs named for the
      // hand it enters (their ids carry the number the server drew it for).
      var number = form.querySelector("input[name=number]");
      var blank = Array.prototype.every.call(form.querySelectorAll("input[type=number]"),
        function (input) { return input.value === ""; });
      values.number = blank ? drawnNumber(form) : number.value;
    }
    refreshing = true;
    try {
      refreshed = Promise.resolve(window.htmx.ajax("GET", liveUrl,
        { source: "#scoreboard", swap: "none", values: values }));
    } finally {
      refreshing = false;
    }
    refreshed.catch(function () { return null; }).then(function () {
      refreshed = null;
      if (refreshAgain) { refreshAgain = false; refresh(); }
    });
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
    // A form moved on here gets no live check: its answer would look for inputs named for
    // the hand now entered, and find those named for the hand the server drew it for.
    if (form && elt.hasAttribute && elt.hasAttribute("data-live-check") && form.contains(elt)
        && drawnNumber(form) !== form.querySelector("input[name=number]").value) {
      evt.preventDefault();
      return;
    }
    var other = otherEntryForm(elt);
    if (other) {  // four sevens and a redeal likewise
      if (!navigator.onLine || queue.length) {
        evt.preventDefault();
        keepOther(other, evt.detail.requestConfig);
      }
      return;
    }
    if (!navigator.onLine) {  // nothing else gets through: not tried, so no error shown
      evt.preventDefault();
      if (isCorrectionOrUndo(elt)) { needsConnection(); }
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
  // A correction or an undo that did not get through says it needs the connection.
  function keepFailed(evt) {
    var form = entryForm();
    var elt = evt.detail.elt;
    var status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (evt.type !== "htmx:sendError" && status < 500) { return; }
    var other = otherEntryForm(elt);
    if (form && elt === form) {
      keep(form);
    } else if (other) {
      keepOther(other, evt.detail.requestConfig);
    } else if (evt.type === "htmx:sendError" && isCorrectionOrUndo(elt)) {
      needsConnection();
    } else {
      return;
    }
    var connection = document.getElementById("connection");
    if (connection) { connection.hidden = true; }
  }
  // Undo asks first: offline, it says at once that it needs the connection instead.
  document.body.addEventListener("htmx:confirm", function (evt) {
    if (!navigator.onLine && isCorrectionOrUndo(evt.detail.elt)) {
      evt.preventDefault();
      needsConnection();
    }
  });
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
