// arbitro game viewer. The positions are written into the page by arbitro (data-fen on
// each move, data-start-fen on the board); this file only shows them: it never plays a
// move itself, so the page cannot disagree with the rules engine.
"use strict";
(function () {
  var board = document.getElementById("board");
  if (!board) { return; }
  var squares = {};
  Array.prototype.forEach.call(board.querySelectorAll(".sq.d"), function (el) {
    squares[el.getAttribute("data-sq")] = el;
  });
  var plies = Array.prototype.slice.call(document.querySelectorAll("button.ply"));
  var fens = [board.getAttribute("data-start-fen")];
  plies.forEach(function (b) { fens[Number(b.getAttribute("data-ply"))] = b.getAttribute("data-fen"); });
  var last = fens.length - 1;
  var where = document.getElementById("v-where");
  var fenOut = document.getElementById("v-fen");
  var label = board.getAttribute("aria-label").split(":")[0];
  var current = Number(board.getAttribute("data-ply"));

  // parseFEN reads arbitro's canonical FEN ("W:W21,22,K5:B1,2") into square -> class.
  function parseFEN(fen) {
    var out = {};
    fen.split(":").slice(1).forEach(function (field) {
      var side = field.charAt(0) === "W" ? "w" : "b";
      field.slice(1).split(",").forEach(function (item) {
        if (item === "") { return; }
        var king = item.charAt(0) === "K";
        out[king ? item.slice(1) : item] = side + (king ? "k" : "m");
      });
    });
    return out;
  }

  function show(n) {
    if (n < 0 || n > last || fens[n] === undefined) { return; }
    current = n;
    var pieces = parseFEN(fens[n]);
    Object.keys(squares).forEach(function (sq) {
      var el = squares[sq];
      el.classList.remove("wm", "wk", "bm", "bk", "from", "to");
      if (pieces[sq]) { el.classList.add(pieces[sq]); }
    });
    plies.forEach(function (b) {
      var on = Number(b.getAttribute("data-ply")) === n;
      if (on) {
        b.setAttribute("aria-current", "true");
        var f = squares[b.getAttribute("data-from")], t = squares[b.getAttribute("data-to")];
        if (f) { f.classList.add("from"); }
        if (t) { t.classList.add("to"); }
      } else {
        b.removeAttribute("aria-current");
      }
    });
    board.setAttribute("data-ply", String(n));
    board.setAttribute("aria-label", label + ": " + fens[n]);
    fenOut.textContent = fens[n];
    where.textContent = n === 0 ? where.getAttribute("data-start") : where.getAttribute("data-after") + " " + n;
  }

  function on(id, f) {
    var el = document.getElementById(id);
    if (el) { el.addEventListener("click", f); }
  }
  on("v-first", function () { show(0); });
  on("v-prev", function () { show(current - 1); });
  on("v-next", function () { show(current + 1); });
  on("v-last", function () { show(last); });
  on("v-flip", function (e) {
    var flipped = board.classList.toggle("flipped");
    e.currentTarget.setAttribute("aria-pressed", flipped ? "true" : "false");
  });
  plies.forEach(function (b) {
    b.addEventListener("click", function () { show(Number(b.getAttribute("data-ply"))); });
  });
  document.addEventListener("keydown", function (e) {
    var t = e.target && e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    switch (e.key) {
      case "ArrowLeft": show(current - 1); break;
      case "ArrowRight": show(current + 1); break;
      case "Home": show(0); break;
      case "End": show(last); break;
      default: return;
    }
    e.preventDefault();
  });
  show(current);
  board.setAttribute("data-viewer", "on"); // the buttons and keys work from now on
}());
