// arbitro's hall: the screens update by themselves (server-sent events from
// data-events: on each "change" the page is read again and its <main> replaced, no
// reload); in kiosk mode (data-next) the screen moves to the next one after a while.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-events");
  if (url && window.EventSource) {
    var busy = false, again = false;
    var refresh = function () {
      if (busy) { again = true; return; }
      busy = true;
      fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          var fresh = doc.getElementById("main"), old = document.getElementById("main");
          if (fresh && old) { old.replaceWith(document.importNode(fresh, true)); }
          body.setAttribute("data-updated", String(Date.now()));
        })
        .catch(function () {})
        .then(function () { busy = false; if (again) { again = false; refresh(); } });
    };
    var es = new EventSource(url);
    es.addEventListener("change", refresh);
  }
  var next = body.getAttribute("data-next");
  if (next) {
    window.setTimeout(function () { window.location.assign(next); }, 20000);
  }
})();
