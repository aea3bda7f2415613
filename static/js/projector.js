// The projector: a list longer than the screen shows one page at a time and turns its pages
// by itself (the arrow keys turn them too); the page shown survives the live refresh.
// The server sends pages of ten rows (what shows without JavaScript); here they are laid out
// again with as many rows as the screen's height holds, and a list alone on the screen (a
// finished night) shows two pages side by side, using the whole width.
const shown = {};  // list name -> index of the view shown

function perView(container) {
  const wide = window.matchMedia("(min-width: 40rem)").matches;  // not a phone
  return wide && container.closest(".projector-grid.single") ? 2 : 1;
}

// Every row of the container's tables in one table, then split into tables of as many rows
// as fit between the list's top and the foot of the screen.
function layout(container) {
  const tables = Array.from(container.querySelectorAll(":scope > table[data-page]"));
  if (!tables.length) { return; }
  const first = tables[0];
  const body = first.tBodies[0];
  const rows = tables.flatMap((table) => Array.from(table.tBodies[0].rows));
  tables.slice(1).forEach((table) => table.remove());
  rows.forEach((row) => body.append(row));
  first.hidden = false;
  container.classList.remove("two-up");
  if (!rows.length) { return; }
  const foot = window.innerHeight * 0.98;
  const room = foot - body.getBoundingClientRect().top;
  const height = rows[0].getBoundingClientRect().height;
  const fit = Math.max(1, Math.floor(room / height));
  let number = 1;
  first.dataset.page = "1";
  for (let start = fit; start < rows.length; start += fit) {
    const table = first.cloneNode(false);
    table.append(first.tHead.cloneNode(true));
    const next = body.cloneNode(false);
    rows.slice(start, start + fit).forEach((row) => next.append(row));
    table.append(next);
    number += 1;
    table.dataset.page = String(number);
    container.append(table);
  }
  if (number > 1 && perView(container) === 2) { container.classList.add("two-up"); }
}

function show(container, index) {
  const pages = container.querySelectorAll("[data-page]");
  if (!pages.length) { return; }
  const name = container.dataset.pages;
  const per = container.classList.contains("two-up") ? 2 : 1;
  const views = Math.ceil(pages.length / per);
  const wrapped = ((index % views) + views) % views;
  shown[name] = wrapped;
  pages.forEach((page, i) => { page.hidden = Math.floor(i / per) !== wrapped; });
  const status = document.querySelector(`[data-page-of=${name}]`);
  if (status && status.dataset.template) {
    status.hidden = views < 2;
    status.textContent = views < 2 ? "" : status.dataset.template
      .replace("{page}", wrapped + 1).replace("{total}", views);
  }
}

function turn(step) {
  for (const container of document.querySelectorAll("[data-pages]")) {
    show(container, (shown[container.dataset.pages] || 0) + step);
  }
}

function layoutAll() {
  document.querySelectorAll("[data-pages]").forEach(layout);
  turn(0);
}

const first = document.querySelector("[data-pages]");
if (first) {
  layoutAll();
  document.body.addEventListener("htmx:afterSwap", layoutAll);
  window.addEventListener("resize", layoutAll);
  const seconds = parseInt(first.dataset.seconds, 10) || 10;
  window.setInterval(() => turn(1), seconds * 1000);
  document.addEventListener("keydown", (evt) => {
    if (evt.key === "ArrowRight" || evt.key === "PageDown" || evt.key === " ") { turn(1); }
    if (evt.key === "ArrowLeft" || evt.key === "PageUp") { turn(-1); }
  });
}

// A timed round's clock: the time left, counted down each second ("Round ends at 20:45"
// without JavaScript); it survives the live refresh, which draws it anew.
function tick() {
  for (const clock of document.querySelectorAll("[data-ends-at]")) {
    const left = Math.round((Date.parse(clock.dataset.endsAt) - Date.now()) / 1000);
    if (left <= 0) {
      clock.textContent = clock.dataset.over;
      continue;
    }
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    clock.textContent = clock.dataset.template.replace("{time}", `${minutes}:${seconds}`);
  }
}
tick();
document.body.addEventListener("htmx:afterSwap", tick);
window.setInterval(tick, 1000);
