// Replay stepping without reloading the page: fetch the server-rendered frames of a run of
// steps in one request, keep them, swap the step's frame in and keep the address at ?at=N (N:
// the frame's line of the log, `data-line`) so a copied link opens the same moment. Every
// control is also a plain link, so without this script
// the page still works, one load per step. For a game with a twin of its situation template
// in script, the runs carry each step's situation as data and it is drawn here when shown.
(function () {
  "use strict";
  var root = document.getElementById("replay-frame");
  if (!root || !window.fetch) return;
  var framesUrl = root.getAttribute("data-frames-url");
  var perRun = parseInt(root.getAttribute("data-frames-per-run"), 10) || 1;
  // The game's twin of its situation template, when the page loaded one (its own script,
  // web/situation_scripts.py): the runs then carry each step's situation as data, drawn here
  // as the server would draw it; without it they carry the server's drawing.
  var ruleset = root.getAttribute("data-situations");
  var twin = ruleset && window.touchlineSituations && window.touchlineSituations[ruleset];
  var labels = twin ? JSON.parse(root.getAttribute("data-labels")) : null;
  var words = twin ? JSON.parse(root.getAttribute("data-words")) : null;
  // The runs carry where the controls point, not the controls: the ones the page was drawn
  // with are moved to each step shown (moveControls).
  framesUrl += (framesUrl.indexOf("?") < 0 ? "?" : "&") + "controls=script&" +
    (twin ? "situations=data&" : "");
  var pageUrl = root.getAttribute("data-page-url");
  var controls = {
    bar: root.querySelector(".step-bar").cloneNode(true),
    jumps: root.querySelector(".replay-controls").cloneNode(true)
  };
  // A line of the log named as the page names it (replay_controls.html's words).
  function lineName(line, title) {
    var words = controls.jumps;
    if (line === 0) return words.getAttribute(title ? "data-kick-off-title" : "data-kick-off");
    var said = words.getAttribute(title ? "data-line-number-title" : "data-line-number");
    return said.replace("#", String(line));
  }
  // Frames kept by step, and when they were fetched: a match still being scored moves on, so
  // kept frames are fetched again once they are this old rather than shown stale for long.
  var kept = {};
  var keptAt = 0;
  var KEEP_MS = 15000;
  var timeline = document.getElementById("timeline");
  var pending = null;
  var slideTimer = null;

  function frame() { return root.querySelector(".frame"); }
  function number(name) {
    var value = frame().getAttribute(name);
    return value === null || value === "" ? null : parseInt(value, 10);
  }

  function highlight(step) {
    if (!timeline) return;
    var old = timeline.querySelector("[aria-current]");
    if (old) old.removeAttribute("aria-current");
    var item = document.getElementById("step-" + step);
    if (!item) return;
    item.setAttribute("aria-current", "step");
    // Scroll the timeline list only, never the page, so the frame stays where the reader is.
    var top = item.offsetTop - timeline.offsetTop;
    if (top < timeline.scrollTop || top + item.offsetHeight > timeline.scrollTop + timeline.clientHeight) {
      timeline.scrollTop = top - timeline.clientHeight / 3;
    }
  }

  // The step being fetched, if any: quick key presses count on from it, not from the frame
  // still on screen, so three presses of the right arrow move three steps.
  var loading = null;
  // Unsent annotations by step: stepping away from a half-written remark must not lose it.
  var drafts = {};

  function show(step, html, how, focused) {
    var writing = root.querySelector("#annotation-text");
    if (writing) drafts[number("data-step")] = writing.value;
    root.innerHTML = html;
    var place = root.querySelector(".replay-situation[data-situation]");
    if (place) {
      try {
        place.innerHTML = twin(JSON.parse(place.getAttribute("data-situation")), labels, words);
        place.removeAttribute("data-situation");
      } catch (error) {
        // Never a frame without its situation: the server draws the whole page instead.
        location.href = "?step=" + step;
        return;
      }
    }
    var moved = root.querySelector(".replay-controls-place[data-controls]");
    if (moved) moveControls(moved, JSON.parse(moved.getAttribute("data-controls")));
    var draft = root.querySelector("#annotation-text");
    if (draft && drafts[step]) draft.value = drafts[step];
    var line = number("data-line");
    var address = "?at=" + line + (location.hash === "#annotations" ? "" : location.hash);
    if (how === "push") history.pushState({ step: step }, "", address);
    else if (how === "replace") history.replaceState({ step: step }, "", address);
    highlight(step);
    var again = focused && root.querySelector('[data-rel="' + focused + '"]');
    if (again) again.focus();
  }

  // A control (replay_controls.html's step_link) pointing at [step, line], or shown disabled
  // for null; its words are those of the control it replaces, in the page's language.
  function stepLink(old, target) {
    var rel = old.getAttribute("data-rel"), label = old.getAttribute("title");
    var symbol = old.tagName === "A" ? old.textContent : old.firstChild.nodeValue;
    var made;
    if (target) {
      made = document.createElement("a");
      made.setAttribute("class", "button secondary");
      made.setAttribute("href", pageUrl + "?at=" + target[1]);
      made.setAttribute("data-step", target[0]);
      made.setAttribute("data-rel", rel);
      made.setAttribute("aria-label", label + " (" + lineName(target[1], false) + ")");
      made.setAttribute("title", label);
      made.textContent = symbol;
    } else {
      made = document.createElement("span");
      made.setAttribute("class", "button secondary disabled");
      made.setAttribute("aria-disabled", "true");
      made.setAttribute("title", label);
      made.setAttribute("data-rel", rel);
      made.textContent = symbol;
      var hidden = document.createElement("span");
      hidden.setAttribute("class", "visually-hidden");
      hidden.textContent = " " + label;
      made.appendChild(hidden);
    }
    return made;
  }

  // The page's controls moved to the step: what replay_controls.html draws for it.
  function moveControls(place, data) {
    var bar = controls.bar.cloneNode(true), jumps = controls.jumps.cloneNode(true);
    [bar, jumps].forEach(function (part) {
      var links = part.querySelectorAll("[data-rel]");
      for (var i = 0; i < links.length; i++) {
        links[i].replaceWith(stepLink(links[i], data.links[links[i].getAttribute("data-rel")]));
      }
    });
    bar.querySelector(".step-count").textContent = data.step + " / " + data.total;
    var slider = jumps.querySelector("#replay-slider");
    slider.setAttribute("max", data.total);
    slider.setAttribute("value", data.step);
    slider.setAttribute("aria-valuetext", lineName(data.line, true));
    jumps.querySelector("#replay-slider-value").textContent = lineName(data.line, false);
    var copy = jumps.querySelector("[data-copy]");
    copy.setAttribute("href", copy.getAttribute("href").replace(/\?at=\d+$/, "?at=" + data.line));
    place.replaceWith(bar, jumps);
  }

  function keep(html) {
    if (Date.now() - keptAt > KEEP_MS) kept = {};
    keptAt = Date.now();
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var frames = holder.content.querySelectorAll("template[data-step]");
    for (var i = 0; i < frames.length; i++) {
      kept[parseInt(frames[i].getAttribute("data-step"), 10)] = frames[i].innerHTML;
    }
  }

  function go(step, how) {
    var total = number("data-total");
    if (step === null || isNaN(step) || step < 0 || step > total) return;
    var focused = document.activeElement && document.activeElement.getAttribute("data-rel");
    if (Date.now() - keptAt > KEEP_MS) kept = {};
    if (kept[step] !== undefined) {
      loading = null;
      if (pending) pending.abort();
      show(step, kept[step], how, focused);
      return;
    }
    // The run ahead in the direction the reader is going: back from a step, its steps before.
    var backwards = step < current();
    var first = backwards ? Math.max(0, step - perRun + 1) : step;
    var last = backwards ? step : Math.min(total, step + perRun - 1);
    loading = step;
    if (pending) pending.abort();
    pending = window.AbortController ? new AbortController() : null;
    frame().classList.add("loading");
    fetch(framesUrl + "from=" + first + "&to=" + last, {
      headers: { Accept: "text/html" },
      credentials: "same-origin",
      signal: pending ? pending.signal : undefined
    }).then(function (response) {
      if (!response.ok) throw new Error("status " + response.status);
      return response.text();
    }).then(function (html) {
      keep(html);
      if (kept[step] === undefined) throw new Error("step " + step + " missing from its run");
      loading = null;
      show(step, kept[step], how, focused);
    }).catch(function (error) {
      if (error.name === "AbortError") return;
      // Let the server answer in full (an error page, or a match that has changed).
      location.href = "?step=" + step;
    });
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey ||
        event.shiftKey || event.altKey) return;
    var copy = event.target.closest("[data-copy]");
    if (copy && navigator.clipboard) {
      event.preventDefault();
      var status = root.querySelector(".copy-status");
      navigator.clipboard.writeText(copy.href).then(function () {
        // The page's own words, in its language (replay_controls.html).
        if (status) status.textContent = status.dataset.copied || "Link copied.";
      }, function () { location.href = copy.href; });
      return;
    }
    var link = event.target.closest("a[data-step]");
    if (!link || !(root.contains(link) || (timeline && timeline.contains(link)))) return;
    event.preventDefault();
    go(parseInt(link.getAttribute("data-step"), 10), "push");
  });

  root.addEventListener("input", function (event) {
    if (event.target.id !== "replay-slider") return;
    var slider = event.target;
    // The frame swapped in names the line the slider reached, in its own output.
    clearTimeout(slideTimer);
    slideTimer = setTimeout(function () { go(parseInt(slider.value, 10), "replace"); }, 150);
  });

  root.addEventListener("submit", function (event) {
    if (!event.target.classList.contains("scrub")) return;
    event.preventDefault();
    go(parseInt(event.target.elements.step.value, 10), "push");
  });

  function current() {
    return loading === null ? number("data-step") : loading;
  }

  var keys = {
    ArrowLeft: function () { return current() - 1; },
    ArrowRight: function () { return current() + 1; },
    Home: function () { return 0; },
    End: function () { return number("data-total"); },
    PageUp: function () { return number("data-previous-goal"); },
    PageDown: function () { return number("data-next-goal"); }
  };
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey || !keys[event.key]) return;
    // Typing an annotation or moving the slider keeps its own keys.
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    event.preventDefault();
    go(keys[event.key](), "push");
  });

  window.addEventListener("popstate", function (event) {
    var step = event.state && typeof event.state.step === "number"
      ? event.state.step
      : number("data-step");
    go(step, null);
  });

  // A swipe across the step's situation steps as the buttons do: to the left for the next step, to
  // the right for the one before. Only a clearly sideways move counts, so scrolling up and
  // down goes on as ever; the listeners are passive and never hold the page's scrolling back.
  var SWIPE_PX = 60;       // at least this far sideways,
  var SWIPE_SLOPE = 0.5;   // at most half as far up or down,
  var SWIPE_MS = 800;      // and quickly: a slow drag is reading, not turning a page.
  // How quick is timed by the events' own times, when the finger was there, not by when the
  // page got round to them: a busy phone hands a quick swipe over late, and it still counts.
  var SWIPE_ZONE = ".replay-situation, [data-swipe]";  // the step's situation, what happened
  function stepBySwipe() {
    var start = null;
    root.addEventListener("touchstart", function (event) {
      var touch = event.touches[0];
      start = null;
      if (event.touches.length !== 1 || !event.target.closest(SWIPE_ZONE) ||
          event.target.closest("input, textarea, select, [contenteditable]") ||
          scrollsSideways(event.target)) return;
      start = { x: touch.clientX, y: touch.clientY, at: event.timeStamp };
    }, { passive: true });
    root.addEventListener("touchend", function (event) {
      var touch = event.changedTouches[0];
      if (!start || !touch) return;
      var dx = touch.clientX - start.x, dy = touch.clientY - start.y;
      var quick = event.timeStamp - start.at <= SWIPE_MS;
      start = null;
      if (!quick || Math.abs(dx) < SWIPE_PX || Math.abs(dy) > Math.abs(dx) * SWIPE_SLOPE) return;
      go(current() + (dx < 0 ? 1 : -1), "push");
    }, { passive: true });
    root.addEventListener("touchcancel", function () { start = null; }, { passive: true });
  }

  // A swipe that begins on something scrolling sideways of its own (a wide table) scrolls it,
  // as one in a field (a dispute's reason) moves through its text.
  function scrollsSideways(element) {
    for (var at = element; at && at !== root; at = at.parentElement) {
      var overflow = getComputedStyle(at).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && at.scrollWidth > at.clientWidth) {
        return true;
      }
    }
    return false;
  }

  stepBySwipe();
  history.replaceState({ step: number("data-step") }, "", location.href);
  highlight(number("data-step"));
})();
