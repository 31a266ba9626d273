/*
 * Link Conversion: the pages' browser islands. The pages are rendered on the server (TSX views) and updated by
 * htmx; this file only does what must run in the browser: dates in the viewer's locale, opening confirmation
 * dialogs where invoker commands are missing, the quickstart's tabs, copying to the clipboard, and the charts.
 * It never builds HTML: text goes through textContent, attributes through setAttribute.
 */
(function () {
  'use strict';

  /* htmx's JSON encoding: the forms post JSON, the only body the API reads (hx-vals keep their types). */
  var api = null;
  htmx.defineExtension('json-enc', {
    init: function (internal) {
      api = internal;
    },
    onEvent: function (name, event) {
      if (name === 'htmx:configRequest') event.detail.headers['Content-Type'] = 'application/json';
    },
    encodeParameters: function (xhr, parameters, element) {
      xhr.overrideMimeType('text/json');
      var body = {};
      // A name given more than once (a group of checkboxes) is a list of its values.
      parameters.forEach(function (value, key) {
        if (!Object.prototype.hasOwnProperty.call(body, key)) body[key] = value;
        else if (Array.isArray(body[key])) body[key].push(value);
        else body[key] = [body[key], value];
      });
      var typed = api ? api.getExpressionVars(element) : {};
      Object.keys(typed).forEach(function (key) {
        body[key] = typed[key];
      });
      return JSON.stringify(body);
    },
  });

  /*
   * Report uploads: the chosen file itself is the request body (`Content-Type: text/csv`), streamed by the server
   * as `POST /api/conversions/import` reads it; the element names its file input in `data-file`. htmx sends it
   * (CSRF header, indicators) and swaps the server's answer, which is the preview or the result, in HTML. The
   * file's name (the portal's says when the export was made) and the account typed in `data-account`'s input go
   * in the query, as `file_name` and `affiliate_id`.
   */
  function fileOf(element) {
    var holder = element && element.closest ? element.closest('[data-file]') : null;
    var input = holder ? document.getElementById(holder.getAttribute('data-file')) : null;
    return input && input.files && input.files.length > 0 ? input.files[0] : null;
  }
  htmx.defineExtension('raw-file', {
    onEvent: function (name, event) {
      var file = name === 'htmx:configRequest' ? fileOf(event.detail.elt) : null;
      if (!file) return;
      event.detail.headers['Content-Type'] = 'text/csv';
      var holder = event.detail.elt.closest('[data-account]');
      var account = holder ? document.getElementById(holder.getAttribute('data-account')) : null;
      var query = 'file_name=' + encodeURIComponent(file.name);
      if (account && account.value.trim()) query += '&affiliate_id=' + encodeURIComponent(account.value.trim());
      event.detail.path += (event.detail.path.indexOf('?') === -1 ? '?' : '&') + query;
    },
    encodeParameters: function (xhr, parameters, element) {
      return fileOf(element);
    },
  });
  /* A new file chosen: the preview of the previous one (and its Apply button) goes. */
  document.addEventListener('change', function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
    var form = input.closest('[data-file]');
    var result = form ? document.getElementById(form.getAttribute('hx-target').slice(1)) : null;
    if (result) result.replaceChildren();
  });

  /* Dates: the server writes UTC; the viewer reads their own locale and time zone (UTC stays on hover). */
  function localDates(root) {
    var times = root.querySelectorAll('time[data-local]');
    for (var i = 0; i < times.length; i++) {
      var date = new Date(times[i].getAttribute('datetime'));
      if (isNaN(date.getTime())) continue;
      times[i].textContent =
        times[i].getAttribute('data-local') === 'date'
          ? date.toLocaleDateString(undefined, { dateStyle: 'medium' })
          : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
  }

  /* Charts: Chart.js from the canvas's data-chart (labels and series the server computed). */
  function charts(root) {
    if (typeof window.Chart !== 'function') return;
    var canvases = root.querySelectorAll('canvas[data-chart]');
    for (var i = 0; i < canvases.length; i++) {
      var canvas = canvases[i];
      if (window.Chart.getChart(canvas)) continue;
      var spec = JSON.parse(canvas.getAttribute('data-chart'));
      new window.Chart(canvas, {
        type: spec.type,
        data: {
          labels: spec.labels,
          datasets: spec.datasets.map(function (set) {
            return {
              label: set.label,
              data: set.data,
              backgroundColor: set.color,
              borderColor: set.color,
              borderWidth: spec.type === 'line' ? 2 : 0,
              pointRadius: 0,
              tension: 0.2,
            };
          }),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { display: spec.datasets.length > 1, position: 'bottom' } },
          scales: {
            x: { stacked: Boolean(spec.stacked), ticks: { maxRotation: 0, autoSkipPadding: 8, maxTicksLimit: 8 } },
            y: { stacked: Boolean(spec.stacked), beginAtZero: true, ticks: { precision: 0 } },
          },
        },
      });
    }
  }

  htmx.onLoad(function (root) {
    localDates(root);
    charts(root);
  });

  /* Confirmation dialogs: opened by invoker commands (commandfor); here only where the browser lacks them. */
  var invokers = 'commandForElement' in HTMLButtonElement.prototype;
  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    var opener = target.closest('[data-opens]');
    if (opener && !invokers) {
      var dialog = document.getElementById(opener.getAttribute('data-opens'));
      if (dialog && typeof dialog.showModal === 'function') dialog.showModal();
      return;
    }
    var tab = target.closest('[role="tab"][aria-controls]');
    if (tab) return selectTab(tab);
    var copy = target.closest('[data-copy]');
    if (copy) copyFrom(copy);
  });

  /* The quickstart's tabs: one panel shown, the others hidden. */
  function selectTab(tab) {
    var tabs = tab.closest('[role="tablist"]').querySelectorAll('[role="tab"]');
    for (var i = 0; i < tabs.length; i++) {
      var selected = tabs[i] === tab;
      tabs[i].setAttribute('aria-selected', String(selected));
      tabs[i].tabIndex = selected ? 0 : -1;
      var panel = document.getElementById(tabs[i].getAttribute('aria-controls'));
      if (panel) panel.hidden = !selected;
    }
  }

  /* Copy: an input's value or an element's text, with the clipboard API or a selection as the fallback. */
  function copyFrom(button) {
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source) return;
    var text = 'value' in source ? source.value : source.textContent;
    var label = button.textContent;
    function done(ok) {
      button.textContent = ok ? 'Copied' : 'Select and copy it';
      setTimeout(function () {
        button.textContent = label;
      }, 2000);
    }
    function fallback() {
      if (typeof source.select !== 'function') return done(false);
      source.focus();
      source.select();
      var ok = false;
      try {
        ok = document.execCommand('copy');
      } catch (e) {
        ok = false;
      }
      done(ok);
    }
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(text).then(function () {
        done(true);
      }, fallback);
    else fallback();
  }

  /* A request that never got an answer (offline): said in the page's status line. */
  document.addEventListener('htmx:sendError', function () {
    var status = document.getElementById('page-status');
    if (!status) return;
    status.textContent = 'The service cannot be reached. Check your connection and try again.';
    status.className = 'status error';
    status.setAttribute('role', 'alert');
  });
})();
