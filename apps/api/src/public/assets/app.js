/*
 * Link Conversion: the account pages' script. Plain browser JavaScript, no build step, no framework.
 * Talks to the JSON API with fetch(); sends the session's CSRF token in X-CSRF-Token on every POST/PATCH.
 * Every value from the server reaches the page through textContent or input values, never as HTML.
 */
(function () {
  'use strict';

  var csrfToken = null;

  var SECRET_FIELDS = [
    { name: 'shopee_app_id', label: 'Shopee Affiliate app id' },
    { name: 'shopee_app_secret', label: 'Shopee Affiliate app secret' },
    { name: 'bitly_token', label: 'Bitly access token' },
    { name: 'cuttly_key', label: 'Cutt.ly API key' },
    { name: 'lazada_app_key', label: 'Lazada app key' },
    { name: 'lazada_app_secret', label: 'Lazada app secret' },
    { name: 'lazada_user_token', label: 'Lazada affiliate user token' },
  ];

  var GRACE_LABELS = {
    0: 'The previous pair stopped working now.',
    300: '5 minutes',
    3600: '1 hour',
    86400: '24 hours',
  };

  function $(id) {
    return document.getElementById(id);
  }

  /** One JSON request; resolves to { status, body } and never throws on HTTP errors. */
  function api(method, path, body) {
    var headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    }).then(
      function (res) {
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (data) {
            if (data && typeof data.csrf_token === 'string') csrfToken = data.csrf_token;
            return { status: res.status, body: data, retryAfter: res.headers.get('Retry-After') };
          });
      },
      function () {
        return { status: 0, body: null, retryAfter: null };
      },
    );
  }

  function loadCsrf() {
    return api('GET', '/account/csrf');
  }

  function errorMessage(result) {
    if (result.status === 0) return 'The service cannot be reached. Check your connection and try again.';
    var error = result.body && result.body.error;
    var message =
      error && typeof error.message === 'string' ? error.message : 'Something went wrong (' + result.status + ').';
    if (result.status === 429 && result.retryAfter) {
      var minutes = Math.ceil(Number(result.retryAfter) / 60);
      message += ' (about ' + minutes + ' minute' + (minutes === 1 ? '' : 's') + ')';
    }
    return message;
  }

  function setStatus(element, text, kind) {
    if (!element) return;
    element.textContent = text || '';
    element.className = 'status' + (kind ? ' ' + kind : '');
    element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function formStatus(form) {
    return form.querySelector('[data-status]');
  }

  function clearInvalid(form) {
    var fields = form.querySelectorAll('[aria-invalid="true"]');
    for (var i = 0; i < fields.length; i++) fields[i].removeAttribute('aria-invalid');
  }

  /** Shows an API error on a form and marks the field it names. */
  function showError(form, result) {
    setStatus(formStatus(form), errorMessage(result), 'error');
    var field = result.body && result.body.error && result.body.error.field;
    if (field) {
      var input = form.querySelector('[name="' + field.replace(/[^a-z_]/gi, '') + '"]');
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    }
  }

  /** Disables the form's buttons while `work` runs. */
  function busy(form, work) {
    var buttons = form.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    clearInvalid(form);
    setStatus(formStatus(form), 'Working…');
    return work().then(
      function (value) {
        for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false;
        return value;
      },
      function (error) {
        for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false;
        setStatus(formStatus(form), 'Something went wrong. Please try again.', 'error');
        throw error;
      },
    );
  }

  function formatDate(value) {
    if (!value) return '';
    var date = new Date(value);
    return isNaN(date.getTime()) ? '' : date.toLocaleString();
  }

  function goToLogin() {
    window.location.replace('/login');
  }

  function wireLogout() {
    var button = $('logout-button');
    if (!button) return;
    button.addEventListener('click', function () {
      api('POST', '/account/logout', {}).then(function () {
        window.location.assign('/login');
      });
    });
  }

  function copyFrom(inputId, button) {
    copyText(
      function () {
        return $(inputId).value;
      },
      button,
      $(inputId),
    );
  }

  /** Copies `getText()` to the clipboard; falls back to selecting `input` (an input) and execCommand. */
  function copyText(getText, button, input) {
    var original = button.textContent;
    function done(ok) {
      button.textContent = ok ? 'Copied' : 'Select and copy it';
      setTimeout(function () {
        button.textContent = original;
      }, 2000);
    }
    function fallback() {
      if (!input) return done(false);
      input.focus();
      input.select();
      var ok = false;
      try {
        ok = document.execCommand('copy');
      } catch (e) {
        ok = false;
      }
      done(ok);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(getText()).then(function () {
        done(true);
      }, fallback);
    } else {
      fallback();
    }
  }

  /* ---------- sign up ---------- */

  function signupPage() {
    var form = $('signup-form');
    loadCsrf();
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = { email: form.elements.email.value.trim(), password: form.elements.password.value };
      busy(form, function () {
        return (csrfToken ? Promise.resolve() : loadCsrf()).then(function () {
          return api('POST', '/account/register', body);
        });
      }).then(function (result) {
        if (result.status === 201) {
          // Sign-up logs the member in: straight on to creating the first key.
          window.location.assign('/account#key');
        } else {
          showError(form, result);
        }
      });
    });
  }

  /* ---------- log in ---------- */

  function loginPage() {
    var form = $('login-form');
    var params = new URLSearchParams(window.location.search);
    if (params.get('registered') === '1') {
      var notice = $('login-notice');
      notice.textContent = 'Your account is ready. Log in to create your API key.';
      notice.hidden = false;
    }
    if (params.get('email')) form.elements.email.value = params.get('email');
    loadCsrf();
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = { email: form.elements.email.value.trim(), password: form.elements.password.value };
      busy(form, function () {
        return (csrfToken ? Promise.resolve() : loadCsrf()).then(function () {
          return api('POST', '/account/login', body);
        });
      }).then(function (result) {
        if (result.status === 200) {
          window.location.assign('/account');
        } else {
          if (result.status === 403 && result.body && result.body.error && result.body.error.code === 'csrf_failed') {
            csrfToken = null;
          }
          showError(form, result);
          form.elements.password.value = '';
        }
      });
    });
  }

  /* ---------- account ---------- */

  function renderKey(data) {
    var credential = data.credential;
    $('key-facts').hidden = !credential;
    $('no-key').hidden = Boolean(credential);
    $('regenerate-title').textContent = credential ? 'Regenerate key and token' : 'Create your API key';
    $('regenerate-hint').textContent = credential
      ? 'Do this when you think the key or token leaked: a new pair replaces this one. Your password is needed again.'
      : 'Your first key and token, to call the API from your server. Your password is needed again.';
    $('regenerate-button').textContent = credential ? 'Generate a new key and token' : 'Create my key and token';
    $('regenerate-grace').closest('.field').hidden = !credential;
    if (credential) {
      $('key-preview').textContent = credential.key_preview;
      $('key-created').textContent = formatDate(credential.created_at);
    }
    var list = $('expiring-list');
    list.textContent = '';
    (data.expiring_credentials || []).forEach(function (pair) {
      var item = document.createElement('li');
      item.textContent =
        'Previous key ' + pair.key_preview + ' keeps working until ' + formatDate(pair.expires_at) + '.';
      list.appendChild(item);
    });
    list.hidden = list.children.length === 0;
  }

  function renderUsage(usage) {
    $('usage-minute').textContent = String(usage.this_minute);
    $('usage-today').textContent = String(usage.today);
    var short = usage.short_links;
    if (short) {
      $('usage-short-today').textContent = String(short.today);
      $('usage-short-per-day').textContent = String(short.per_day);
      $('usage-short-total').textContent = String(short.total);
      $('usage-short-limit').textContent = String(short.total_limit);
    }
  }

  function renderDefaults(settings) {
    $('default-affiliate-id').value = settings.affiliate_id || '';
    $('default-sub-ids').value = (settings.sub_ids || []).join(', ');
    var marketplace = settings.marketplace || {};
    $('lazada-master-code').value = marketplace.lazada_master_code || '';
    $('tiki-publisher-code').value = marketplace.tiki_publisher_code || '';
    $('tiki-campaign-code').value = marketplace.tiki_campaign_code || '';
  }

  function renderSecrets(settings) {
    var container = $('secret-fields');
    container.textContent = '';
    SECRET_FIELDS.forEach(function (spec) {
      var state = settings.secrets[spec.name] || { set: false, preview: null };
      var field = document.createElement('div');
      field.className = 'field';
      var label = document.createElement('label');
      label.htmlFor = 'secret-' + spec.name;
      label.textContent = spec.label;
      var input = document.createElement('input');
      input.id = 'secret-' + spec.name;
      input.name = spec.name;
      input.type = 'password';
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.maxLength = 512;
      input.placeholder = state.set ? 'Leave empty to keep the saved value' : '';
      input.setAttribute('aria-describedby', 'secret-state-' + spec.name);
      var stateLine = document.createElement('p');
      stateLine.className = 'secret-state';
      stateLine.id = 'secret-state-' + spec.name;
      var text = document.createElement('span');
      text.textContent = state.set ? 'Saved: ' + state.preview : 'Not saved';
      stateLine.appendChild(text);
      if (state.set) {
        var remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'secondary small';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', 'Remove the saved ' + spec.label);
        remove.addEventListener('click', function () {
          var form = $('secrets-form');
          var patch = {};
          patch[spec.name] = null;
          busy(form, function () {
            return api('PATCH', '/account/settings', patch);
          }).then(function (result) {
            if (result.status !== 200) return showError(form, result);
            renderSecrets(result.body.settings);
            setStatus(formStatus(form), spec.label + ' removed.', 'ok');
          });
        });
        stateLine.appendChild(remove);
      }
      field.appendChild(label);
      field.appendChild(input);
      field.appendChild(stateLine);
      container.appendChild(field);
    });
  }

  /* ---------- short links and custom domains ---------- */

  var clicksChart = null;

  /** Clicks per day as a stacked bar chart (Chart.js, the admin console's library): people and bots apart. */
  function renderChart(days) {
    var total = 0;
    var bots = 0;
    days.forEach(function (day) {
      total += day.clicks;
      bots += day.bot_clicks;
    });
    $('chart-summary').textContent =
      total + ' click' + (total === 1 ? '' : 's') + ' by people, ' + bots + ' by bots, in ' + days.length + ' days.';
    if (typeof window.Chart !== 'function') return;
    var labels = days.map(function (day) {
      return day.day.slice(5);
    });
    var people = days.map(function (day) {
      return day.clicks;
    });
    var botClicks = days.map(function (day) {
      return day.bot_clicks;
    });
    if (clicksChart) {
      clicksChart.data.labels = labels;
      clicksChart.data.datasets[0].data = people;
      clicksChart.data.datasets[1].data = botClicks;
      clicksChart.update();
      return;
    }
    clicksChart = new window.Chart($('clicks-chart'), {
      type: 'bar',
      data: {
        labels: labels,
        datasets: [
          { label: 'People', data: people, backgroundColor: '#4f6bed' },
          { label: 'Bots', data: botClicks, backgroundColor: '#b8c0cc' },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, ticks: { maxRotation: 0, autoSkipPadding: 8 } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
  }

  function shortLinksSection() {
    var state = { page: 1, perPage: 10, total: 0 };
    var scope = $('clicks-scope');

    /** The scope select: all links, each link of this page, each sub id. Keeps the current choice. */
    function renderScopes(links, subIds) {
      var current = scope.value;
      scope.textContent = '';
      function add(parent, value, label) {
        var option = document.createElement('option');
        option.value = value;
        option.textContent = label;
        parent.appendChild(option);
      }
      add(scope, 'all', 'All short links');
      if (links.length > 0) {
        var byLink = document.createElement('optgroup');
        byLink.label = 'One short link';
        links.forEach(function (link) {
          add(byLink, 'code:' + link.code + ':' + (link.domain || ''), link.url);
        });
        scope.appendChild(byLink);
      }
      if (subIds.length > 0) {
        var bySubId = document.createElement('optgroup');
        bySubId.label = 'One sub id';
        subIds.forEach(function (entry) {
          add(bySubId, 'sub:' + entry.sub_id, (entry.sub_id || '(no sub id)') + ' · ' + entry.links + ' link(s)');
        });
        scope.appendChild(bySubId);
      }
      scope.value = current;
      if (scope.value !== current) scope.value = 'all';
    }

    function clicksQuery() {
      var value = scope.value;
      if (value.indexOf('code:') === 0) {
        var parts = value.split(':');
        return '&code=' + encodeURIComponent(parts[1]) + (parts[2] ? '&domain=' + encodeURIComponent(parts[2]) : '');
      }
      if (value.indexOf('sub:') === 0) return '&sub_id=' + encodeURIComponent(value.slice(4));
      return '';
    }

    function loadChart() {
      return api('GET', '/account/short-links/clicks?days=30' + clicksQuery()).then(function (clicks) {
        if (clicks.status === 200) renderChart(clicks.body.days);
      });
    }
    scope.addEventListener('change', loadChart);

    function renderLinks(links) {
      var list = $('links-list');
      list.textContent = '';
      links.forEach(function (link) {
        var item = document.createElement('li');
        var anchor = document.createElement('a');
        anchor.href = link.url;
        anchor.textContent = link.url;
        anchor.rel = 'noopener noreferrer';
        anchor.target = '_blank';
        var target = document.createElement('p');
        target.className = 'target';
        target.textContent = '→ ' + link.target;
        var counts = document.createElement('p');
        counts.className = 'target';
        if (link.sub_id) target.textContent += ' · sub id ' + link.sub_id;
        counts.textContent =
          link.clicks +
          ' click' +
          (link.clicks === 1 ? '' : 's') +
          ', ' +
          link.bot_clicks +
          ' by bots · created ' +
          formatDate(link.created_at);
        item.appendChild(anchor);
        item.appendChild(target);
        item.appendChild(counts);
        list.appendChild(item);
      });
      $('no-links').hidden = links.length > 0;
    }

    function load() {
      var query = '?page=' + state.page + '&per_page=' + state.perPage;
      return Promise.all([api('GET', '/account/short-links' + query), api('GET', '/account/short-links/sub-ids')]).then(
        function (results) {
          var links = results[0];
          var subIds = results[1];
          if (links.status === 200) {
            renderScopes(links.body.short_links, subIds.status === 200 ? subIds.body.sub_ids : []);
            state.total = links.body.total;
            renderLinks(links.body.short_links);
            var pages = Math.max(1, Math.ceil(state.total / state.perPage));
            $('links-pager').hidden = pages <= 1;
            $('links-page-info').textContent = 'Page ' + state.page + ' of ' + pages;
            $('links-prev').disabled = state.page <= 1;
            $('links-next').disabled = state.page >= pages;
          }
          $('links-card').hidden = false;
          return loadChart();
        },
      );
    }

    $('links-prev').addEventListener('click', function () {
      state.page = Math.max(1, state.page - 1);
      load();
    });
    $('links-next').addEventListener('click', function () {
      state.page += 1;
      load();
    });
    return load;
  }

  function domainsSection() {
    var form = $('domain-form');

    function renderDomains(data) {
      var list = $('domains-list');
      list.textContent = '';
      var pro = data.plan === 'pro';
      form.hidden = !pro;
      $('domains-plan-hint').textContent = pro
        ? 'Short links on your own domain. Point the domain (CNAME) at our redirector, publish the TXT record ' +
          'shown, then check it. We re-check every domain regularly; the first verified one is used.'
        : 'Short links on your own domain are part of the Pro plan.';
      data.domains.forEach(function (domain) {
        var item = document.createElement('li');
        var title = document.createElement('strong');
        title.textContent = domain.domain + ' ';
        var badge = document.createElement('span');
        badge.className = 'badge ' + domain.status;
        badge.textContent = domain.status;
        title.appendChild(badge);
        var dns = document.createElement('p');
        dns.className = 'dns';
        dns.textContent = 'TXT record: ' + domain.txt_record.name + ' = ' + domain.txt_record.value;
        item.appendChild(title);
        item.appendChild(dns);
        if (domain.last_error) {
          var error = document.createElement('p');
          error.className = 'dns';
          error.textContent = 'Last check: ' + domain.last_error;
          item.appendChild(error);
        }
        var actions = document.createElement('div');
        actions.className = 'actions';
        var check = document.createElement('button');
        check.type = 'button';
        check.className = 'secondary small';
        check.textContent = 'Check now';
        check.setAttribute('aria-label', 'Check ' + domain.domain + ' now');
        check.addEventListener('click', function () {
          api('POST', '/account/domains/' + domain.id + '/check', {}).then(function (result) {
            if (result.status !== 200) return setStatus(formStatus(form), errorMessage(result), 'error');
            load();
          });
        });
        var remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'secondary small';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', 'Remove ' + domain.domain);
        remove.addEventListener('click', function () {
          api('DELETE', '/account/domains/' + domain.id).then(function (result) {
            if (result.status !== 200) return setStatus(formStatus(form), errorMessage(result), 'error');
            load();
          });
        });
        actions.appendChild(check);
        actions.appendChild(remove);
        item.appendChild(actions);
        list.appendChild(item);
      });
    }

    function load() {
      return api('GET', '/account/domains').then(function (result) {
        if (result.status !== 200) return;
        renderDomains(result.body);
        $('domains-card').hidden = false;
      });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      busy(form, function () {
        return api('POST', '/account/domains', { domain: $('domain-name').value });
      }).then(function (result) {
        if (result.status !== 201) return showError(form, result);
        $('domain-name').value = '';
        setStatus(
          formStatus(form),
          'Added ' + result.body.domain.domain + ': ' + result.body.domain.status + '.',
          'ok',
        );
        load();
      });
    });
    return load;
  }

  /* ---------- account: sections, quickstart, playground ---------- */

  /** The account page's sections: one shown at a time, chosen by the navigation (the URL's #hash). */
  function sectionsNav() {
    var nav = $('section-nav');
    var links = nav.querySelectorAll('a[data-section]');
    var sections = document.querySelectorAll('.section[data-section]');
    function show() {
      var name = window.location.hash.slice(1);
      if (!$('section-' + name)) name = 'key';
      for (var i = 0; i < sections.length; i++) {
        sections[i].hidden = sections[i].getAttribute('data-section') !== name;
      }
      for (var j = 0; j < links.length; j++) {
        if (links[j].getAttribute('data-section') === name) links[j].setAttribute('aria-current', 'page');
        else links[j].removeAttribute('aria-current');
      }
    }
    window.addEventListener('hashchange', show);
    nav.hidden = false;
    show();
  }

  var QUICKSTART_CONTENT = 'Deal https://shopee.vn/Ao-Thun-Nam-i.123456.7891011?sp_atk=abc';

  function quickstartBody(state) {
    var body = state.affiliateId
      ? { mode: 'affiliate', content: QUICKSTART_CONTENT }
      : { mode: 'link_goc', content: QUICKSTART_CONTENT };
    return body;
  }

  /** A JSON string as a single-quoted PHP or shell literal (only `\` and `'` need escaping in PHP). */
  function phpString(text) {
    return "'" + text.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
  }

  function shellSingle(text) {
    return "'" + text.replace(/'/g, "'\\''") + "'";
  }

  /** The example call of `/api/convert` in one language, filled with the key and the token when known. */
  function quickstartSnippet(lang, state) {
    var url = window.location.origin + '/api/convert';
    var key = state.key || 'YOUR_API_KEY';
    var token = state.token || 'YOUR_API_TOKEN';
    var body = quickstartBody(state);
    var json = JSON.stringify(body);
    if (lang === 'node') {
      return [
        '// Node 18+ (fetch built in); save as convert.mjs and run: node convert.mjs',
        "const res = await fetch('" + url + "', {",
        "  method: 'POST',",
        '  headers: {',
        "    'Content-Type': 'application/json',",
        "    'X-API-Key': '" + key + "',",
        "    'X-API-Token': '" + token + "',",
        '  },',
        '  body: JSON.stringify(' + json + '),',
        '});',
        'const answer = await res.json();',
        'console.log(answer.ok ? answer.output : answer.error);',
      ].join('\n');
    }
    if (lang === 'php') {
      return [
        '<?php',
        '$ch = curl_init(' + phpString(url) + ');',
        'curl_setopt_array($ch, [',
        '    CURLOPT_POST => true,',
        '    CURLOPT_RETURNTRANSFER => true,',
        '    CURLOPT_HTTPHEADER => [',
        "        'Content-Type: application/json',",
        "        'X-API-Key: " + key + "',",
        "        'X-API-Token: " + token + "',",
        '    ],',
        '    CURLOPT_POSTFIELDS => ' + phpString(json) + ',',
        ']);',
        '$answer = json_decode(curl_exec($ch), true);',
        'curl_close($ch);',
        "echo $answer['ok'] ? $answer['output'] : $answer['error']['message'], PHP_EOL;",
      ].join('\n');
    }
    if (lang === 'python') {
      return [
        'import requests',
        '',
        'answer = requests.post(',
        '    "' + url + '",',
        '    headers={"X-API-Key": "' + key + '", "X-API-Token": "' + token + '"},',
        '    json=' + json + ',',
        '    timeout=30,',
        ').json()',
        'print(answer["output"] if answer["ok"] else answer["error"])',
      ].join('\n');
    }
    return [
      'curl -s ' + url + ' \\',
      "  -H 'Content-Type: application/json' \\",
      "  -H 'X-API-Key: " + key + "' \\",
      "  -H 'X-API-Token: " + token + "' \\",
      '  -d ' + shellSingle(json),
    ].join('\n');
  }

  function quickstartSection() {
    var state = { lang: 'curl', key: null, token: null, keyPreview: null, affiliateId: null };
    var tabs = document.querySelectorAll('#quickstart-card [data-lang]');

    function render() {
      for (var i = 0; i < tabs.length; i++) {
        tabs[i].setAttribute('aria-selected', String(tabs[i].getAttribute('data-lang') === state.lang));
      }
      $('quickstart-code').textContent = quickstartSnippet(state.lang, state);
      var hint;
      if (state.token) hint = 'Filled with your new key and token: copy the call and run it.';
      else if (state.keyPreview)
        hint =
          'Put your key (' +
          state.keyPreview +
          ') and your token in place of YOUR_API_KEY and YOUR_API_TOKEN: the token was shown once, when you ' +
          'created the pair.';
      else hint = 'Create your API key: the call below is then filled with it.';
      $('quickstart-hint').textContent = hint;
      $('quickstart-card').hidden = false;
    }

    for (var i = 0; i < tabs.length; i++) {
      tabs[i].addEventListener('click', function (event) {
        state.lang = event.currentTarget.getAttribute('data-lang');
        render();
      });
    }
    $('quickstart-copy').addEventListener('click', function (event) {
      copyText(function () {
        return $('quickstart-code').textContent;
      }, event.currentTarget);
    });

    return {
      /** From the account overview: the key preview and the default affiliate id (never the key itself). */
      overview: function (data) {
        state.keyPreview = data.credential ? data.credential.key_preview : null;
        state.affiliateId = data.settings.affiliate_id || null;
        render();
      },
      /** A new pair: shown in full until "I have copied them". */
      pair: function (key, token) {
        state.key = key;
        state.token = token;
        render();
      },
      forget: function () {
        state.key = null;
        state.token = null;
        render();
      },
    };
  }

  function playgroundSection() {
    var form = $('playground-form');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = { content: form.elements.content.value, mode: form.elements.mode.value };
      var affiliate = form.elements.affiliate_id.value.trim();
      if (affiliate) body.affiliate_id = affiliate;
      var subIds = form.elements.sub_ids.value
        .split(',')
        .map(function (part) {
          return part.trim();
        })
        .filter(Boolean);
      if (subIds.length > 0) body.sub_ids = subIds;
      busy(form, function () {
        return api('POST', '/account/convert', body);
      }).then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) {
          $('playground-result').hidden = true;
          return showError(form, result);
        }
        setStatus(formStatus(form), '');
        renderConversion(result.body);
      });
    });
  }

  /** The convert answer: the text, the summary and each item (its output or its error). */
  function renderConversion(answer) {
    $('playground-output').textContent = answer.output;
    $('playground-summary').textContent =
      answer.message +
      ' · ' +
      answer.mode +
      ' · ' +
      answer.summary.success +
      ' converted, ' +
      answer.summary.failed +
      ' failed';
    var list = $('playground-items');
    list.textContent = '';
    answer.items.forEach(function (item) {
      var entry = document.createElement('li');
      entry.className = item.ok ? 'ok' : 'failed';
      var input = document.createElement('p');
      input.className = 'target';
      input.textContent = (item.marketplace ? item.marketplace + ': ' : '') + item.input;
      var output = document.createElement('p');
      output.textContent = item.ok ? '→ ' + item.output : '✗ ' + item.error.code + ': ' + item.error.message;
      entry.appendChild(input);
      entry.appendChild(output);
      list.appendChild(entry);
    });
    $('playground-result').hidden = false;
  }

  function accountPage() {
    wireLogout();
    var pageStatus = $('page-status');
    var loadShortLinks = shortLinksSection();
    var loadDomains = domainsSection();
    var quickstart = quickstartSection();
    var hasKey = false;
    var navShown = false;
    playgroundSection();

    function load() {
      return api('GET', '/account').then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return setStatus(pageStatus, errorMessage(result), 'error');
        var data = result.body;
        $('profile-email').textContent = data.member.email;
        $('profile-plan').textContent = data.member.plan;
        $('profile-created').textContent = formatDate(data.member.created_at);
        $('admin-link').hidden = data.member.role !== 'admin';
        renderKey(data);
        hasKey = Boolean(data.credential);
        quickstart.overview(data);
        renderUsage(data.usage);
        renderDefaults(data.settings);
        renderSecrets(data.settings);
        ['profile', 'key-card', 'usage-card', 'defaults-card', 'secrets-card', 'password-card'].forEach(function (id) {
          $(id).hidden = false;
        });
        if (!navShown) {
          navShown = true;
          sectionsNav();
        }
        setStatus(pageStatus, '');
        $('account-main').setAttribute('aria-busy', 'false');
        loadShortLinks();
        loadDomains();
        return data;
      });
    }

    var regenerate = $('regenerate-form');
    regenerate.addEventListener('submit', function (event) {
      event.preventDefault();
      var grace = Number(regenerate.elements.grace_seconds.value);
      var body = { password: regenerate.elements.password.value, grace_seconds: grace };
      var firstKey = !hasKey;
      busy(regenerate, function () {
        return api('POST', '/account/credentials/regenerate', body);
      }).then(function (result) {
        regenerate.elements.password.value = '';
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return showError(regenerate, result);
        setStatus(formStatus(regenerate), '');
        $('new-api-key').value = result.body.api_key;
        $('new-api-token').value = result.body.api_token;
        $('new-pair-title').textContent = firstKey ? 'Your API key and token' : 'Your new key and token';
        if (firstKey)
          $('new-pair-grace').textContent =
            'Send both with every call: the Quickstart beside this holds both, ready to copy.';
        else
          $('new-pair-grace').textContent =
            result.body.grace_seconds > 0
              ? 'The previous pair keeps working for ' +
                (GRACE_LABELS[result.body.grace_seconds] || result.body.grace_seconds + ' seconds') +
                '.'
              : GRACE_LABELS[0];
        quickstart.pair(result.body.api_key, result.body.api_token);
        var panel = $('new-pair');
        panel.hidden = false;
        regenerate.hidden = true;
        panel.focus();
        load();
      });
    });

    var copyButtons = document.querySelectorAll('[data-copy]');
    for (var i = 0; i < copyButtons.length; i++) {
      copyButtons[i].addEventListener('click', function (event) {
        var button = event.currentTarget;
        copyFrom(button.getAttribute('data-copy'), button);
      });
    }

    $('new-pair-done').addEventListener('click', function () {
      $('new-api-key').value = '';
      $('new-api-token').value = '';
      $('new-pair').hidden = true;
      regenerate.hidden = false;
      quickstart.forget();
      $('key-title').focus();
    });

    $('usage-refresh').addEventListener('click', function () {
      api('GET', '/account').then(function (result) {
        if (result.status === 200) renderUsage(result.body.usage);
      });
    });

    var defaults = $('defaults-form');
    defaults.addEventListener('submit', function (event) {
      event.preventDefault();
      var affiliate = defaults.elements.affiliate_id.value.trim();
      var subIds = defaults.elements.sub_ids.value
        .split(',')
        .map(function (part) {
          return part.trim();
        })
        .filter(Boolean);
      busy(defaults, function () {
        return api('PATCH', '/account/settings', {
          affiliate_id: affiliate || null,
          sub_ids: subIds,
          lazada_master_code: defaults.elements.lazada_master_code.value.trim() || null,
          tiki_publisher_code: defaults.elements.tiki_publisher_code.value.trim() || null,
          tiki_campaign_code: defaults.elements.tiki_campaign_code.value.trim() || null,
        });
      }).then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return showError(defaults, result);
        renderDefaults(result.body.settings);
        setStatus(formStatus(defaults), 'Defaults saved.', 'ok');
      });
    });

    var secrets = $('secrets-form');
    secrets.addEventListener('submit', function (event) {
      event.preventDefault();
      var patch = {};
      SECRET_FIELDS.forEach(function (spec) {
        var value = secrets.elements[spec.name].value.trim();
        if (value) patch[spec.name] = value;
      });
      if (Object.keys(patch).length === 0) {
        setStatus(formStatus(secrets), 'Nothing to save: type a new value first.', 'error');
        return;
      }
      busy(secrets, function () {
        return api('PATCH', '/account/settings', patch);
      }).then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return showError(secrets, result);
        renderSecrets(result.body.settings);
        setStatus(formStatus(secrets), 'Credentials saved.', 'ok');
      });
    });

    var password = $('password-form');
    password.addEventListener('submit', function (event) {
      event.preventDefault();
      var body = {
        current_password: password.elements.current_password.value,
        new_password: password.elements.new_password.value,
      };
      busy(password, function () {
        return api('POST', '/account/password', body);
      }).then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return showError(password, result);
        password.reset();
        setStatus(formStatus(password), 'Password changed. Your other sessions have been logged out.', 'ok');
      });
    });

    load();
  }

  /* ---------- admin: members ---------- */

  function adminMembersPage() {
    wireLogout();
    var pageStatus = $('page-status');
    var state = { page: 1, perPage: 20, email: '', total: 0 };

    function option(select, value, selected) {
      var item = document.createElement('option');
      item.value = value;
      item.textContent = value;
      item.selected = value === selected;
      select.appendChild(item);
    }

    function cell(row, label, child) {
      var td = document.createElement('td');
      td.setAttribute('data-label', label);
      if (typeof child === 'string') td.textContent = child;
      else td.appendChild(child);
      row.appendChild(td);
      return td;
    }

    function renderRow(member) {
      var row = document.createElement('tr');
      var emailLink = document.createElement('a');
      emailLink.href = '/admin/members/' + encodeURIComponent(member.id);
      emailLink.textContent = member.email;
      var emailCell = cell(row, 'Email', emailLink);
      emailCell.className = 'email';
      var role = document.createElement('select');
      role.setAttribute('aria-label', 'Role of ' + member.email);
      ['member', 'admin'].forEach(function (value) {
        option(role, value, member.role);
      });
      cell(row, 'Role', role);
      var plan = document.createElement('select');
      plan.setAttribute('aria-label', 'Plan of ' + member.email);
      ['free', 'pro'].forEach(function (value) {
        option(plan, value, member.plan);
      });
      cell(row, 'Plan', plan);
      var disabled = document.createElement('input');
      disabled.type = 'checkbox';
      disabled.checked = member.disabled;
      disabled.setAttribute('aria-label', 'Disable ' + member.email);
      cell(row, 'Disabled', disabled);
      cell(row, 'Joined', formatDate(member.created_at));
      var save = document.createElement('button');
      save.type = 'button';
      save.className = 'secondary small';
      save.textContent = 'Save';
      save.setAttribute('aria-label', 'Save changes to ' + member.email);
      save.addEventListener('click', function () {
        save.disabled = true;
        api('PATCH', '/admin/members/' + encodeURIComponent(member.id), {
          role: role.value,
          plan: plan.value,
          disabled: disabled.checked,
        }).then(function (result) {
          save.disabled = false;
          if (result.status === 401) return goToLogin();
          if (result.status !== 200) return setStatus(pageStatus, errorMessage(result), 'error');
          setStatus(pageStatus, 'Saved ' + result.body.member.email + '.', 'ok');
        });
      });
      cell(row, '', save);
      return row;
    }

    function load() {
      var query = '?page=' + state.page + '&per_page=' + state.perPage;
      if (state.email) query += '&email=' + encodeURIComponent(state.email);
      setStatus(pageStatus, 'Loading…');
      return api('GET', '/admin/members' + query).then(function (result) {
        if (result.status === 401) return goToLogin();
        if (result.status !== 200) return setStatus(pageStatus, errorMessage(result), 'error');
        var body = $('members-body');
        body.textContent = '';
        result.body.members.forEach(function (member) {
          body.appendChild(renderRow(member));
        });
        state.total = result.body.total;
        var pages = Math.max(1, Math.ceil(state.total / state.perPage));
        $('members-table').hidden = result.body.members.length === 0;
        $('pager').hidden = pages <= 1;
        $('page-info').textContent = 'Page ' + state.page + ' of ' + pages;
        $('prev-page').disabled = state.page <= 1;
        $('next-page').disabled = state.page >= pages;
        setStatus(
          pageStatus,
          result.body.members.length === 0
            ? 'No members match.'
            : state.total + ' member' + (state.total === 1 ? '' : 's') + '.',
        );
      });
    }

    $('filter-form').addEventListener('submit', function (event) {
      event.preventDefault();
      state.email = $('filter-email').value.trim();
      state.page = 1;
      load();
    });
    $('prev-page').addEventListener('click', function () {
      state.page = Math.max(1, state.page - 1);
      load();
    });
    $('next-page').addEventListener('click', function () {
      state.page += 1;
      load();
    });
    // The CSRF token comes with the account overview; the member list itself is a GET.
    api('GET', '/account').then(function (result) {
      if (result.status === 401) return goToLogin();
      load();
    });
  }

  // The helpers the admin console's script (admin.js) uses.
  window.LinkConversion = {
    $: $,
    api: api,
    errorMessage: errorMessage,
    setStatus: setStatus,
    formatDate: formatDate,
    goToLogin: goToLogin,
    wireLogout: wireLogout,
  };

  var pages = { signup: signupPage, login: loginPage, account: accountPage, 'admin-members': adminMembersPage };
  var page = pages[document.body.getAttribute('data-page')];
  if (page) page();
})();
