// Starts the app's code on a page the server has painted once the page's largest picture (the one
// fetched at high priority) has arrived: on a slow connection the code, which the reader does not
// need to read the page, does not share the bandwidth with what they see first. At once on a page
// without such a picture; never later than PICTURE_WAIT_MS. Kept external: the CSP forbids inline scripts.
(function () {
  var PICTURE_WAIT_MS = 1500;
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.appendChild(link);
    });
    // A script element, not import(): the page's load event waits for the code, as it did when the
    // head named it (import() would let the page count as loaded before the app could answer a press).
    var code = document.createElement('script');
    code.type = 'module';
    code.src = entry;
    code.crossOrigin = '';
    document.head.appendChild(code);
  }
  var picture = document.querySelector('#root img[fetchpriority="high"]');
  if (!picture || picture.complete) return start();
  picture.addEventListener('load', start);
  picture.addEventListener('error', start);
  setTimeout(start, PICTURE_WAIT_MS);
})();
