// The projector: a list longer than the screen shows one page at a time and turns its pages
// by itself (the arrow keys turn them too); the page shown survives the live refresh.
const shown = {};  // list name -> index of the page shown

function show(container, index) {
  const pages = container.querySelectorAll("[data-page]");
  if (!pages.length) { return; }
  const name = container.dataset.pages;
  const wrapped = ((index % pages.length) + pages.length) % pages.length;
  shown[name] = wrapped;
  pages.forEach((page, i) => { page.hidden = i !== wrapped; });
  const status = document.querySelector(`[data-page-of=${name}]`);
  if (status && status.dataset.template) {
    status.textContent = status.dataset.template
      .replace("{page}", wrapped + 1).replace("{total}", pages.length);
  }
}

function turn(step) {
  for (const container of document.querySelectorAll("[data-pages]")) {
    show(container, (shown[container.dataset.pages] || 0) + step);
  }
}

const first = document.querySelector("[data-pages]");
if (first) {
  turn(0);
  document.body.addEventListener("htmx:afterSwap", () => turn(0));
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
