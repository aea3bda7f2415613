// The service worker of the score keeper's page, served from /sw.js so that its scope covers
// the pages. It answers from the network as usual; when the network fails, a page or static
// file that the score keeper's page put in the cache (static/js/offline.js) is answered from
// there, so that a page opened before the drop reloads offline. It never writes anything:
// hands kept on the phone are the page's (localStorage), sent by the page.
"use strict";

var CACHE = "politaine-offline-v1";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// Only pages and the files they load: htmx's requests, the API and the rest go their way.
var KEPT = ["document", "script", "style", "image"];

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin ||
      (request.mode !== "navigate" && KEPT.indexOf(request.destination) < 0)) {
    return;
  }
  event.respondWith(fetch(request).catch(function (error) {
    return caches.open(CACHE).then(function (cache) {
      // The copy was fetched by the page, with other request headers: Vary does not apply.
      return cache.match(request, { ignoreVary: true });
    }).then(function (kept) {
      if (kept) { return kept; }
      throw error;
    });
  }));
});
