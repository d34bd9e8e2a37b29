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
          var newest = fresh.querySelector(".log-line .entry");
          if (announce) { announce.textContent = "New entry: " + (newest ? newest.textContent : "the match changed"); }
        })
        .catch(function () { /* the next version event tries again */ })
        .then(function () { busy = false; });
    });
  }

  // Scorer: when the other phone records, show the new situation (at once if nothing here
  // has been touched, else after asking, so a half-filled entry is not lost).
  function livePage(page) {
    var shown = Number(page.getAttribute("data-version"));
    var touched = false;
    var submitting = false;
    var notice = page.querySelector("[data-changed]");
    page.addEventListener("input", function () { touched = true; });
    follow(page.getAttribute("data-events"), function (version) {
      // This phone's own entry is on its way: its answer brings the new situation.
      if (version === shown || submitting) { return; }
      if (!touched && !document.querySelector("[role=alert]")) { window.location.reload(); return; }
      if (notice) { notice.hidden = false; }
    });
    page.querySelectorAll("form").forEach(function (form) {
      form.addEventListener("submit", function () {
        submitting = true;
        // The idempotency key already makes a double tap harmless; this only shows it.
        window.setTimeout(function () {
          form.querySelectorAll("button").forEach(function (button) { button.disabled = true; });
        }, 0);
      });
    });
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

  document.querySelectorAll("[data-ruleset-form]").forEach(rulesetForm);
  document.querySelectorAll(".match-page article.match").forEach(matchPage);
  document.querySelectorAll("[data-live]").forEach(livePage);
})();
