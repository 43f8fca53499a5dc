// arbitro's hall: pages with data-events update by themselves (server-sent events: on
// each "change" the page is read again and its <main> replaced, no reload), except while
// a form of the page is being filled in (a field touched or focused): then the update
// waits until the form is sent or left alone. In kiosk mode (data-next) the screen moves
// on to the next one after a while.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-events");
  var dirty = false;
  var touched = function () { dirty = true; };
  var watch = function () {
    var main = document.getElementById("main");
    if (main) {
      main.addEventListener("input", touched);
      main.addEventListener("change", touched);
    }
  };
  var busy = function () {
    var main = document.getElementById("main"), a = document.activeElement;
    return dirty || (main && a && a !== body && main.contains(a) && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName));
  };
  if (url && window.EventSource) {
    var reading = false, again = false;
    var refresh = function () {
      if (reading || busy()) { again = true; return; }
      reading = true;
      fetch(window.location.href, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          var fresh = doc.getElementById("main"), old = document.getElementById("main");
          if (fresh && old && !busy()) {
            old.replaceWith(document.importNode(fresh, true));
            watch();
            body.setAttribute("data-updated", String(Date.now()));
          } else {
            again = true;
          }
        })
        .catch(function () {})
        .then(function () { reading = false; });
    };
    watch();
    new EventSource(url).addEventListener("change", refresh);
    // A page whose content moves on with the clock (the games under a delay in minutes)
    // is read again every data-every seconds too.
    var every = Number(body.getAttribute("data-every"));
    if (every > 0) { window.setInterval(refresh, every * 1000); }
    // An update held back while a form was in use is read once it is left alone.
    window.setInterval(function () {
      if (again && !reading && !busy()) { again = false; refresh(); }
    }, 1000);
  }
  // The round clock: each .left[data-minutes] shows the time left until the round's start
  // (data-date, "" today; data-time HH:MM, the hall's local time) plus data-minutes, in
  // the browser's clock, every second; "time is up" after.
  var tick = function () {
    var els = document.querySelectorAll(".left[data-minutes]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i], d = el.getAttribute("data-date"), t = el.getAttribute("data-time").split(":");
      var start = d ? new Date(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) : new Date();
      start.setHours(Number(t[0]), Number(t[1]), 0, 0);
      var left = Math.floor((start.getTime() + Number(el.getAttribute("data-minutes")) * 60000 - Date.now()) / 1000);
      var text = el.getAttribute("data-over");
      if (left > 0) {
        var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
        text = el.getAttribute("data-left") + " " + h + ":" + (m < 10 ? "0" : "") + m + ":" + (s < 10 ? "0" : "") + s;
      }
      if (el.textContent !== text) { el.textContent = text; }
    }
  };
  tick();
  window.setInterval(tick, 1000);
  var next = body.getAttribute("data-next");
  if (next) {
    window.setTimeout(function () { window.location.assign(next); }, 20000);
  }
})();
