/*
 * The SCORM runtime page's script (served by server/routes/scormRuntime.ts on FILES_ORIGIN only, never on the app's
 * address). It runs on the files origin, the same origin as the package, so the package's pages find the SCORM API
 * where SCORM says to look (window.parent.API for 1.2, API_1484_11 for 2004). scorm-again holds the CMI data in
 * this window (GetValue answers at once); nothing here can call our API: each LMSCommit / Commit and the
 * LMSFinish / Terminate are posted to the player (the app's origin, our parent), which saves them with the
 * learner's session. The player starts us with { type: 'scorm:start', version, launch, cmi }.
 */
/* global window, document, URL */
(function () {
  'use strict';
  var appOrigin = document.querySelector('meta[name="app-origin"]').getAttribute('content');
  var packages = document.querySelector('meta[name="packages-path"]').getAttribute('content');
  var frame = document.getElementById('scorm-content');
  var api = null;

  function send(message) {
    window.parent.postMessage(message, appOrigin);
  }

  function start(data) {
    var launch;
    try {
      launch = new URL(String(data.launch), window.location.href);
    } catch {
      return send({ type: 'scorm:error', reason: 'launch' });
    }
    // Only a package of this files origin opens here.
    if (launch.origin !== window.location.origin || launch.pathname.indexOf(packages) !== 0) return send({ type: 'scorm:error', reason: 'launch' });
    var is2004 = data.version === '2004';
    var script = document.createElement('script');
    script.src = is2004 ? 'scorm2004.min.js' : 'scorm12.min.js';
    script.onerror = function () {
      send({ type: 'scorm:error', reason: 'runtime' });
    };
    script.onload = function () {
      var settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 };
      api = is2004 ? new window.Scorm2004API(settings) : new window.Scorm12API(settings);
      if (data.cmi && typeof data.cmi === 'object') {
        try {
          api.loadFromJSON(data.cmi);
        } catch {
          // Saved data this version cannot read: the package starts afresh rather than not at all.
        }
      }
      var commit = function (finished) {
        return function () {
          send({ type: 'scorm:commit', cmi: api.renderCMIToJSONObject(), finished: finished });
        };
      };
      api.on(is2004 ? 'Commit' : 'LMSCommit', commit(false));
      api.on(is2004 ? 'Terminate' : 'LMSFinish', commit(true));
      if (is2004) window.API_1484_11 = api;
      else window.API = api;
      frame.src = launch.href;
      send({ type: 'scorm:running' });
    };
    document.head.appendChild(script);
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || event.source !== window.parent || api) return;
    var data = event.data;
    if (data && data.type === 'scorm:start') start(data);
  });
  send({ type: 'scorm:ready' });
})();
