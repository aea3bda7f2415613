// A shared phone forgets the last user. The copies of pages kept for a reload offline
// (static/js/offline.js) that were made while signed in hold the user's name, teams and CSRF
// token: they are deleted when the user logs out (before the logout is sent), and on any page
// of the site shown to a visitor who is not signed in (after a logout made elsewhere, or a
// session that ended). The copies made through a score keeper's link without an account stay.
// The hands still waiting to be sent (localStorage) always stay; logging out while some wait
// asks first. The words come from the logout form (templates/base.html), translated there.
const ACCOUNT_COPIES = "politaine-offline-account-v2";  // offline.js's, for a signed-in page
const OUTBOX = "politaine-outbox-";  // offline.js's hands kept on the phone, one key a match

function forgetCopies() {
  if (!window.caches) { return Promise.resolve(); }
  const deleted = window.caches.delete(ACCOUNT_COPIES).catch(() => null);
  // A browser whose storage hangs does not keep the user from logging out.
  return Promise.race([deleted, new Promise((done) => { window.setTimeout(done, 1500); })]);
}

function waitingHands() {
  let count = 0;
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith(OUTBOX)) {
        count += (JSON.parse(window.localStorage.getItem(key)) || []).length;
      }
    }
  } catch (error) {
    return count;
  }
  return count;
}

const form = document.querySelector("form[data-logout]");
if (form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const count = waitingHands();
    if (count) {
      const question = count === 1 ? form.dataset.textWaitingOne
        : form.dataset.textWaitingMany.replace("{count}", count);
      if (!window.confirm(question)) { return; }
    }
    forgetCopies().then(() => { form.submit(); });
  });
} else {
  forgetCopies();
}
