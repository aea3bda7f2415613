// Tells the user when a request did not get through. The messages are in the page
// (templates/base.html), translated by the server; this module only shows one of them.
const banner = document.getElementById("connection");

function show(kind) {
  for (const message of banner.querySelectorAll("[data-message]")) {
    message.hidden = message.dataset.message !== kind;
  }
  banner.hidden = false;
}

function isWrite(evt) {
  const config = evt.detail.requestConfig;
  return Boolean(config && config.verb) && config.verb.toLowerCase() !== "get";
}

if (banner) {
  document.body.addEventListener("htmx:sendError", (evt) => {
    show(isWrite(evt) ? "not-saved" : "offline");
  });
  document.body.addEventListener("htmx:responseError", (evt) => {
    const status = evt.detail.xhr ? evt.detail.xhr.status : 0;
    if (status >= 500) {
      show(isWrite(evt) ? "server" : "offline");
    } else if (status === 403) {
      // Refused before any view: a page drawn by the last release (its CSRF token), or
      // whose session ended. Its form as typed stays; a reload draws it afresh.
      show("reload");
    }
  });
  document.body.addEventListener("htmx:afterRequest", (evt) => {
    if (evt.detail.successful) { banner.hidden = true; }
  });
}
