// Progressive enhancement for the match pages; every page works without it.
(function () {
  "use strict";

  // New-match form: show only the chosen game's fields, and only its leagues.
  function rulesetForm(form) {
    var radios = form.querySelectorAll('input[name="ruleset"]');
    var league = form.querySelector("#league");
    function chosen() {
      var picked = form.querySelector('input[name="ruleset"]:checked');
      return picked ? picked.value : "";
    }
    function show() {
      var name = chosen();
      form.querySelectorAll("fieldset[data-ruleset]").forEach(function (set) {
        set.hidden = set.getAttribute("data-ruleset") !== name;
      });
      if (league) {
        league.querySelectorAll("option[data-ruleset]").forEach(function (option) {
          option.hidden = option.disabled = option.getAttribute("data-ruleset") !== name;
          if (option.disabled && option.selected) { league.value = ""; }
        });
      }
    }
    radios.forEach(function (radio) { radio.addEventListener("change", show); });
    show();
  }

  // Follow the match's event stream; call back with each version it reports.
  function follow(url, onVersion) {
    if (!url || !window.EventSource) { return; }
    var source = new EventSource(url);
    source.addEventListener("version", function (event) {
      try { onVersion(JSON.parse(event.data).version); } catch (e) { /* ignore a bad message */ }
    });
  }

  // Spectators: swap in the new situation and log, and announce it.
  function matchPage(page) {
    var shown = Number(page.getAttribute("data-version"));
    var announce = page.querySelector("[data-announce]");
    var busy = false;
    follow(page.getAttribute("data-events"), function (version) {
      if (version <= shown || busy) { return; }
      busy = true;
      fetch(page.getAttribute("data-fragment"), { headers: { Accept: "text/html" } })
        .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
        .then(function (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#match-body");
          var current = page.querySelector("#match-body");
          if (!fresh || !current) { return; }
          current.replaceWith(fresh);
          fresh.classList.add("is-new");
          shown = Number(fresh.getAttribute("data-version"));
          // The newest line: an entry (its notation), or a dispute, ruling, correction or
          // confirmation (the words that say which).
          var newest = fresh.querySelector(".log-line");
          var what = newest ? newest.querySelector(".line-kind, .entry") : null;
          var said = what ? what.textContent.replace(/\s+/g, " ").trim() : "the match changed";
          var kind = what && !what.classList.contains("entry") ? "New in the log: " : "New entry: ";
          if (announce) { announce.textContent = kind + said; }
        })
        .catch(function () { /* the next version event tries again */ })
        .then(function () { busy = false; });
    });
  }

  // Scorer: a tap only ever records the entry its button showed when the finger went down.
  // Every form carries the version it was drawn for, and the server refuses (409, storing
  // nothing) a form drawn before another phone's entry. When the other phone records, this page
  // says so at once and redraws its changing part in place, keeping the scroll position, the
  // focus and the open sections, but only at an idle moment: never while a pointer is down, a
  // form is on its way, a field has the focus, or shortly after a touch, a key or a scroll. A
  // half-filled form is never redrawn away; the scorer is offered the new situation instead.
  // And since a finger already on its way was aimed at the buttons as they were, a tap begun
  // just after a redraw is held back, recording nothing.
  var QUIET_MS = 400; // no pointer, key or scroll activity for this long: an idle moment
  var SETTLE_MS = 800; // a tap begun this soon after a redraw was aimed at the old buttons

  function livePage(page) {
    var body = page.querySelector("[data-live-body]");
    if (!body) { return; }
    var notice = page.querySelector("[data-changed]");
    var say = page.querySelector("[data-changed-text]");
    var offer = page.querySelector("[data-changed-show]");
    var label = page.querySelector("[data-version-label]");
    var shown = Number(body.getAttribute("data-version"));
    var heard = shown; // the newest version the stream announced
    var fresh = null; // the changing part, drawn for a newer version, waiting for an idle moment
    var fetching = false;
    var pointers = {}; // pointers down now, by id
    var pressedAt = 0; // when the latest pointer went down
    var activeAt = 0; // the latest pointer, key or scroll activity
    var drawnAt = 0; // the latest redraw
    var submitting = false;
    var touched = false; // a form here holds input not sent yet
    var timer = null;

    function announce(text, offerNewSituation) {
      if (say) { say.textContent = text; }
      if (offer) { offer.hidden = !offerNewSituation; }
      if (notice) { notice.classList.toggle("is-shown", Boolean(text)); }
    }

    function pressing() {
      for (var id in pointers) { if (pointers[id]) { return true; } }
      return false;
    }

    function typing() {
      var active = document.activeElement;
      return Boolean(active && body.contains(active) &&
        (/^(SELECT|TEXTAREA)$/.test(active.tagName) ||
         (active.tagName === "INPUT" && !/^(radio|checkbox|hidden)$/.test(active.type))));
    }

    function busy() {
      return submitting || pressing() || typing() || Date.now() - activeAt < QUIET_MS;
    }

    function versionOf(part) { return Number(part.getAttribute("data-version")); }

    function heardVersion(version) {
      // This phone's own entry is on its way: its answer brings the new situation.
      if (submitting || version <= shown) { return; }
      heard = Math.max(heard, version);
      announce("The match changed on another phone.", false);
      load();
    }

    function load() {
      if (fetching) { return; }
      if (fresh && versionOf(fresh) >= heard) { schedule(); return; }
      fetching = true;
      // A pick made on the drawing (a player to move) is drawn again for the new version while
      // it stands; the fragment says plainly when it no longer does.
      var url = page.getAttribute("data-fragment");
      var pick = body.getAttribute("data-pick");
      if (pick) { url += (url.indexOf("?") < 0 ? "?" : "&") + "pick=" + encodeURIComponent(pick); }
      fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
        .then(function (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var part = holder.querySelector("[data-live-body]");
          if (part && versionOf(part) > shown && (!fresh || versionOf(part) > versionOf(fresh))) {
            fresh = part;
          }
        })
        .catch(function () {
          announce("The match changed on another phone.", true);
        })
        .then(function () {
          fetching = false;
          if (fresh && versionOf(fresh) < heard) { load(); } else { schedule(); }
        });
    }

    function schedule() {
      if (timer) { window.clearTimeout(timer); timer = null; }
      if (!fresh || submitting) { return; }
      if (touched) {
        // Redrawing would throw away what the scorer has put in; that form still carries the
        // old version, so sending it is refused and gives the new situation with the input.
        announce("The match changed on another phone. What you filled in stays here; " +
                 "sending it records nothing and shows the new situation.", true);
        return;
      }
      if (busy()) { timer = window.setTimeout(schedule, QUIET_MS); return; }
      redraw();
    }

    function focusedPlace() {
      var active = document.activeElement;
      if (!active || !body.contains(active)) { return null; }
      var form = active.closest("[data-entry-form]");
      var kept = active.closest("[data-keep]");
      return {
        form: form ? form.getAttribute("data-entry-form") : null,
        kept: form || !kept ? null : kept.getAttribute("data-keep"),
        tag: active.tagName,
        name: active.getAttribute("name"),
        value: active.getAttribute("value")
      };
    }

    function withAttribute(parent, attribute, value) {
      var found = parent.querySelectorAll("[" + attribute + "]");
      for (var i = 0; i < found.length; i++) {
        if (found[i].getAttribute(attribute) === value) { return found[i]; }
      }
      return null;
    }

    // The focus goes back to the same control of the same entry; if that entry is gone, to the
    // list of what comes next, never to whatever now stands where it was.
    function refocus(place) {
      if (!place) { return; }
      var scope = place.form !== null ? withAttribute(body, "data-entry-form", place.form)
        : place.kept !== null ? withAttribute(body, "data-keep", place.kept) : null;
      var target = null;
      if (scope) {
        var candidates = scope.querySelectorAll(place.tag);
        for (var i = 0; i < candidates.length && !target; i++) {
          if (candidates[i].getAttribute("name") === place.name &&
              candidates[i].getAttribute("value") === place.value) { target = candidates[i]; }
        }
      }
      target = target || body.querySelector(".next");
      if (target) { target.focus({ preventScroll: true }); }
    }

    function redraw() {
      var next = fresh;
      fresh = null;
      var x = window.scrollX;
      var y = window.scrollY;
      var place = focusedPlace();
      next.querySelectorAll("details[data-keep]").forEach(function (details) {
        var before = withAttribute(body, "data-keep", details.getAttribute("data-keep"));
        if (before) { details.open = before.open; }
      });
      body.replaceWith(next);
      body = next;
      shown = versionOf(body);
      if (label) { label.textContent = String(shown); }
      window.scrollTo(x, y);
      refocus(place);
      drawnAt = Date.now();
      var drawn = body;
      drawn.setAttribute("data-settling", "");
      window.setTimeout(function () { drawn.removeAttribute("data-settling"); }, SETTLE_MS);
      var newest = body.querySelector(".log-line .entry");
      // A goal the other phone entered is said too: a status region swapped in is not read.
      var scored = body.querySelector(".score-news");
      var said = scored ? scored.textContent.replace("★", "").replace(/\s+/g, " ").trim() : "";
      var goal = said ? " " + said : "";
      var lost = body.querySelector("[data-pick-lost]");
      var pickSaid = lost ? " " + lost.textContent.replace(/\s+/g, " ").trim() : "";
      announce("Changed on another phone: " + (newest ? newest.textContent : "the match moved on") +
               "." + goal + " The buttons show the new situation." + pickSaid, false);
    }

    follow(page.getAttribute("data-events"), heardVersion);

    document.addEventListener("pointerdown", function (event) {
      pointers[event.pointerId] = true;
      pressedAt = activeAt = Date.now();
      if (!fresh && drawnAt && pressedAt - drawnAt >= SETTLE_MS && !(offer && !offer.hidden)) {
        announce("", false); // read and acted on: the notice has done its work
      }
    }, true);
    ["pointerup", "pointercancel"].forEach(function (type) {
      document.addEventListener(type, function (event) {
        delete pointers[event.pointerId];
        activeAt = Date.now();
      }, true);
    });
    ["keydown", "scroll", "wheel"].forEach(function (type) {
      window.addEventListener(type, function () { activeAt = Date.now(); }, { capture: true, passive: true });
    });
    ["input", "change"].forEach(function (type) {
      page.addEventListener(type, function (event) {
        if (body.contains(event.target)) { touched = true; }
      });
    });

    page.addEventListener("submit", function (event) {
      var form = event.target;
      if (body.contains(form) && drawnAt) {
        var began = pressedAt >= drawnAt ? pressedAt : Date.now();
        if (began - drawnAt < SETTLE_MS) {
          event.preventDefault();
          announce("The buttons changed just before your tap, so nothing was recorded: " +
                   "check them and tap again.", false);
          return;
        }
      }
      submitting = true;
      // The idempotency key already makes a double tap harmless; this only shows it.
      window.setTimeout(function () {
        form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
      }, 0);
    });
    window.addEventListener("pageshow", function (event) {
      // Back at this page from the next one: nothing of it is on its way any more.
      if (!event.persisted) { return; }
      submitting = false;
      page.querySelectorAll("button[disabled]").forEach(function (button) { button.disabled = false; });
    });

    // The keys below work from here on: say so where a keyboard user reads the page.
    var keysHint = document.querySelector("[data-keys-hint]");
    if (keysHint) { keysHint.hidden = false; }

    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) { return; }
      if (event.key === "u") {
        var undo = page.querySelector("details.undo");
        if (undo) { undo.open = true; undo.querySelector("button").focus(); event.preventDefault(); }
      } else if (/^[1-9]$/.test(event.key)) {
        // Digits press the first dice pad's buttons: the roll the table just saw.
        var die = page.querySelector('.has-dice button.die[value="' + event.key + '"]');
        if (die) { die.focus(); die.click(); event.preventDefault(); }
      }
    });
  }

  // A card's name typed (or picked from its suggestions) whose printed values are known fills
  // them in: values the scorer typed stay, those filled for another name are replaced.
  function fillKnownValues(event) {
    var field = event.target;
    if (!field.matches || !field.matches("input[data-card-names]") || !field.list) { return; }
    var typed = field.value.trim().toLowerCase();
    var option = Array.prototype.find.call(field.list.options, function (candidate) {
      return candidate.value.toLowerCase() === typed;
    });
    Array.prototype.forEach.call(option ? option.attributes : [], function (attribute) {
      if (attribute.name.indexOf("data-value-") !== 0) { return; }
      var input = field.form.elements.namedItem(attribute.name.slice("data-value-".length));
      if (input && (input.value === "" || input.hasAttribute("data-filled"))) {
        input.value = attribute.value;
        input.setAttribute("data-filled", "");
      }
    });
  }
  ["input", "change"].forEach(function (type) { document.addEventListener(type, fillKnownValues); });
  // A value the scorer types themselves is theirs: a later name fills it no more.
  document.addEventListener("input", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-filled") && event.isTrusted) {
      event.target.removeAttribute("data-filled");
    }
  });

  document.querySelectorAll("[data-ruleset-form]").forEach(rulesetForm);
  document.querySelectorAll(".match-page article.match").forEach(matchPage);
  document.querySelectorAll("[data-live]").forEach(livePage);
})();
