/** The tag manager loads everywhere but on localhost and the staging host (spec 9); its id is configuration. */
export function shouldLoadTagManager(hostname: string, id: string | undefined): boolean {
  if (!id) return false;
  const local =
    hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
  return !local && !hostname.includes('homol');
}

export function loadTagManager(id = process.env.GTM_ID, hostname = window.location.hostname): boolean {
  if (!shouldLoadTagManager(hostname, id)) return false;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id ?? '')}`;
  document.head.append(script);
  return true;
}
