// Applies the saved or system theme before the first paint (kept external: the CSP forbids inline scripts).
(function () {
  try {
    var saved = localStorage.getItem('ideahub-theme');
    var dark = saved === 'dark' || ((!saved || saved === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: the React app applies the system theme once it starts.
  }
})();
