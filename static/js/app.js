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
