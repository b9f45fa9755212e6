// Inlined into the host's index.html (rspack.base.ts `headScript`), so it runs before main.js has
// even downloaded: it fetches the runtime config, then every listed remote's manifest, and
// preloads the code of the remote page at this address. The host reads these fetches
// (window.__ssoEarly) and validates everything itself; nothing here is trusted (issue 8).
(function () {
  function get(url) {
    return fetch(url, { cache: 'no-cache', credentials: 'omit' }).then(function (response) {
      if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
      return response.text();
    });
  }
  function quiet(promise) {
    promise.catch(function () {});
    return promise;
  }
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.appendChild(link);
  }
  function matches(pattern, path) {
    var a = pattern.split('/');
    var b = path.split('/');
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i += 1) if (a[i].charAt(0) !== ':' && a[i] !== b[i]) return false;
    return true;
  }
  // remoteEntry.path and name, joined as the federation runtime joins them.
  function joinEntry(dir, name) {
    if (dir === '.') dir = '';
    else if (dir.indexOf('./') === 0) dir = dir.slice(2);
    else if (dir.charAt(0) === '/') dir = dir.slice(1).replace(/\/$/, '');
    if (!dir) return name;
    return dir.charAt(dir.length - 1) === '/' ? dir + name : dir + '/' + name;
  }
  // The versions of the shared packages this host provides, written in by its build (rspack.base.ts).
  var provided = /* sso:provided-versions */ {};
  // A remote the host will refuse (a `^M.m.p` requirement the host's version misses; the host's own
  // check decides, host/src/federation/compatibility.ts): its code would never run, so it is not
  // preloaded. Anything this cannot read counts as compatible.
  function refused(manifest) {
    return (manifest.shared || []).some(function (shared) {
      var pkg = /^(@[^/]+\/)?[^/]+/.exec(shared.name);
      var have = pkg && provided[pkg[0]];
      var want = /^\^([1-9]\d*)\.(\d+)\.(\d+)$/.exec(shared.requiredVersion);
      if (!have || !want) return false;
      var v = have.split('.').map(Number);
      return v[0] !== +want[1] || v[1] < +want[2] || (v[1] === +want[2] && v[2] < +want[3]);
    });
  }
  function warm(entry, text) {
    try {
      var manifest = JSON.parse(text);
      if (refused(manifest)) return;
      var meta = manifest.metaData;
      var routes = (meta.ssoDescriptor && meta.ssoDescriptor.routes) || [];
      var path = location.pathname.replace(/\/+$/, '') || '/';
      if (typeof meta.publicPath !== 'string') return;
      // URLs as the runtime builds them: public path + file ('auto': the manifest's folder), relative
      // to the page. Any of them off the registered origin: nothing is preloaded (ADR 0001).
      var prefix =
        meta.publicPath === 'auto' || meta.publicPath === ''
          ? entry.replace(/[?#].*$/, '').replace(/\/[^/]+$/, '/')
          : meta.publicPath;
      var origin = new URL(entry).origin;
      var base = new URL(prefix, entry);
      for (var i = 0; i < routes.length; i += 1) {
        if (!matches(routes[i].path, path)) continue;
        var files = [joinEntry(meta.remoteEntry.path || '', meta.remoteEntry.name)];
        var name = routes[i].module.replace(/^\.\//, '');
        (manifest.exposes || []).forEach(function (expose) {
          if (expose.name === name) files = files.concat(expose.assets.js.sync);
        });
        var urls = files.map(function (file) {
          var url = new URL(prefix + file, location.href);
          // The host also refuses a file a URL resolver would read as elsewhere.
          if (url.origin !== origin || new URL(file, base).origin !== origin) throw new Error(file);
          return url.href;
        });
        urls.forEach(preload);
        return;
      }
    } catch {
      // A malformed manifest, or code elsewhere: the host reports it; nothing to warm.
    }
  }
  // What the host's server put into the page (ADR 0016, "The page's data"): the config and the auth
  // remote's manifest as inert JSON, read instead of fetched. Anything missing, empty or not JSON is
  // fetched as before; the manifest is used only for the entry it was read from.
  function inline(id) {
    var element = document.getElementById(id);
    var text = element && element.textContent;
    if (!text) return null;
    try {
      JSON.parse(text);
      return text;
    } catch {
      return null;
    }
  }
  var inlineConfig = inline('sso-config');
  var inlineManifest = inline('sso-auth-manifest');
  var inlineEntry = document.querySelector('meta[name="sso-auth-manifest"]');
  inlineEntry = inlineEntry && inlineEntry.getAttribute('content');
  var config = quiet(inlineConfig !== null ? Promise.resolve(inlineConfig) : get('/config.json'));
  // Read at once, in this script: the login page's code is preloaded while main.js is still on its way.
  function manifestOf(entry) {
    if (inlineManifest !== null && entry === inlineEntry) return Promise.resolve(inlineManifest);
    return get(entry);
  }
  var configRemotes = [];
  try {
    if (inlineConfig !== null) configRemotes = JSON.parse(inlineConfig).remotes || [];
  } catch {
    // Read again below, as a fetched config is.
  }
  var byEntryNow = {};
  if (Array.isArray(configRemotes)) {
    configRemotes.forEach(function (remote) {
      if (!remote || remote.entry !== inlineEntry || inlineManifest === null || byEntryNow[remote.entry])
        return;
      byEntryNow[remote.entry] = true;
      warm(remote.entry, inlineManifest);
    });
  }
  var manifests = quiet(
    config.then(function (text) {
      var remotes = JSON.parse(text).remotes;
      var byEntry = {};
      if (Array.isArray(remotes)) {
        remotes.forEach(function (remote) {
          if (!remote || typeof remote.entry !== 'string' || byEntry[remote.entry]) return;
          byEntry[remote.entry] = quiet(manifestOf(remote.entry));
          if (byEntryNow[remote.entry]) return; // warmed above
          // A remote that is down is the host's to report: warming needs no error of its own
          // (a `then` without a handler would be an unhandled rejection on every load).
          byEntry[remote.entry].then(
            function (text) {
              warm(remote.entry, text);
            },
            function () {},
          );
        });
      }
      return byEntry;
    }),
  );
  window.__ssoEarly = { config: config, manifests: manifests };
  // The auth screen the server put into the page (ADR 0016) paints before any script: a submit
  // pressed before React takes it over is held (a native one would put the password in the
  // address) and made by the page when it does (remote-auth/src/prerender/take-over.ts).
  var prerendered = { submitted: false };
  window.__ssoPrerendered = prerendered;
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (form && form.closest && form.closest('[data-sso-prerendered]')) {
        event.preventDefault();
        prerendered.submitted = true;
      }
    },
    true,
  );
})();
