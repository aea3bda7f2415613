// The service worker of the score keeper's page, served from /sw.js so that its scope covers
// the pages. It answers from the network as usual; when the network fails, a page or static
// file that the score keeper's page put in the cache (static/js/offline.js) is answered from
// there, so that a page opened before the drop reloads offline. It never writes anything:
// hands kept on the phone are the page's (localStorage), sent by the page. The copies of
// pages shown signed in are in a cache of their own, that a logout deletes
// (static/js/logout.js); those made through a link without an account in the other.
"use strict";

var CACHES = ["politaine-offline-v2", "politaine-offline-account-v2"];

self.addEventListener("install", function () { self.skipWaiting(); });

// The copies of an earlier version (politaine-offline-v1 held signed-in pages and link pages
// together) are deleted: the pages put theirs in the new caches as they open.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("politaine-offline") === 0 && CACHES.indexOf(name) < 0;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
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
    // A page's copy being put in the cache at that moment may not be there yet for the
    // worker (Chromium, a reload offline right after the page opened): looked for again.
    return kept(request).then(function (found) {
      if (found || request.mode !== "navigate") { return found; }
      return new Promise(function (wait) { setTimeout(wait, 500); }).then(function () {
        return kept(request);
      });
    }).then(function (found) {
      if (found) { return found; }
      throw error;
    });
  }));
});

// The page's copy of a request, from either cache. The copy was fetched by the page, with
// other request headers: Vary does not apply.
function kept(request) {
  return Promise.all(CACHES.map(function (name) {
    return caches.match(request, { ignoreVary: true, cacheName: name });
  })).then(function (found) { return found[0] || found[1]; });
}
